/**
 * The NPS survey card (SPEC §9), bottom-left over the map, for a logged-in user whose account the
 * API says is due (older than 21 days, nothing answered within 90 days). It blocks nothing: the
 * user answers (a score, an optional comment), dismisses it ("Not now", stored as a null score),
 * or goes on working around it. After an answer a thank-you line shows, then the card goes away.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, NPS_COMMENT_MAX_LENGTH, type NpsStatus } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { answerNps, getNpsStatus } from '../api/nps.js';
import { queryKeys } from '../api/query-keys.js';
import { useSession } from '../auth/use-session.js';
import { NPS_SCORES, npsAnswer } from './nps-answer.js';
import './nps.css';

/** How long the thank-you line stays before the card goes away. */
const THANKS_MS = 4_000;

type Step = { name: 'asking'; error?: string } | { name: 'sending' } | { name: 'thanked' };

export function NpsSurvey() {
  const { user } = useSession();
  const status = useQuery({
    queryKey: queryKeys.nps(user?.id ?? 0),
    queryFn: ({ signal }) => getNpsStatus(user!.id, signal),
    enabled: user !== null,
    // Read once a page load: the answer to a survey does not change while the user works.
    staleTime: Infinity,
  });
  if (!user || !status.data?.due) return null;
  return <NpsCard clientId={user.id} />;
}

function NpsCard({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'asking' });
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const titleId = useId();
  const commentId = useId();

  // No longer due: NpsSurvey stops showing the card.
  const done = () => { queryClient.setQueryData<NpsStatus>(queryKeys.nps(clientId), { due: false }); };
  const thanked = step.name === 'thanked';
  useEffect(() => {
    if (!thanked) return;
    const timer = window.setTimeout(() => queryClient.setQueryData<NpsStatus>(queryKeys.nps(clientId), { due: false }), THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [thanked, queryClient, clientId]);

  const send = async (answered: number | null) => {
    setStep({ name: 'sending' });
    try {
      await answerNps(clientId, npsAnswer(answered, answered === null ? '' : comment));
    } catch (caught) {
      // Answered or dismissed in another tab meanwhile: nothing more to ask.
      if (caught instanceof ApiError && caught.code === ERROR_CODES.npsNotDue) return done();
      setStep({ name: 'asking', error: caught instanceof ApiError && caught.status < 500 ? caught.message : t('nps.error') });
      return;
    }
    if (answered === null) done();
    else setStep({ name: 'thanked' });
  };

  if (thanked) {
    return <aside className="nps-survey" aria-label={t('nps.title')} data-testid="nps-survey"><p role="status" className="nps-thanks">{t('nps.thanks')}</p></aside>;
  }
  const busy = step.name === 'sending';
  return (
    <aside className="nps-survey" aria-labelledby={titleId} data-testid="nps-survey">
      <p className="nps-question" id={titleId}>{t('nps.question')}</p>
      <div className="nps-scores" role="group" aria-labelledby={titleId}>
        {NPS_SCORES.map((value) => (
          <button key={value} type="button" className="nps-score" aria-pressed={score === value} disabled={busy} onClick={() => setScore(value)}>
            {value}
          </button>
        ))}
      </div>
      <div className="nps-scale" aria-hidden="true"><span>{t('nps.notLikely')}</span><span>{t('nps.extremelyLikely')}</span></div>
      <label className="nps-comment-label" htmlFor={commentId}>{t('nps.comment')}</label>
      <textarea id={commentId} className="nps-comment" rows={2} maxLength={NPS_COMMENT_MAX_LENGTH} value={comment} disabled={busy}
        onChange={(event) => setComment(event.target.value)} />
      {step.name === 'asking' && step.error && <p className="nps-error" role="alert">{step.error}</p>}
      <div className="nps-actions">
        <button type="button" className="button button-ghost button-small" disabled={busy} onClick={() => void send(null)}>{t('nps.notNow')}</button>
        <button type="button" className="button button-primary button-small" disabled={busy || score === null} onClick={() => void send(score)}>{t('nps.send')}</button>
      </div>
    </aside>
  );
}
