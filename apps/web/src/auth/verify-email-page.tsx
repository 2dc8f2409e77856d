/**
 * /verify-email: the page the links of our e-mails open. ?token= confirms the account's address,
 * ?emailChange= a new address asked for in the profile; the page says how it went (SPEC §8) and
 * what the user can do next (a new link when it expired).
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@catchment/domain';
import { confirmEmailChange, resendVerificationEmail, verifyEmail } from '../api/account.js';
import { ApiError } from '../api/client.js';
import { queryKeys } from '../api/query-keys.js';
import { loginPath } from '../api/session-expiry.js';
import { useNoIndex, usePageTitle } from '../app/page-title.js';
import { useSession } from './use-session.js';
import { linkOf, outcomeOfError, outcomeOfSuccess, type LinkKind, type LinkOutcome } from './verify-email-outcome.js';
import './account.css';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageTitle('titles.verifyEmail');
  useNoIndex();
  const [params] = useSearchParams();
  const link = linkOf(params);
  const queryClient = useQueryClient();
  // A query rather than a mutation: React runs effects twice in development, and the second call
  // would find the address already confirmed. The answer is kept for the page's life.
  const confirmation = useQuery({
    queryKey: ['email-link', link?.kind, link?.token],
    queryFn: () => (link!.kind === 'verify' ? verifyEmail(link!.token) : confirmEmailChange(link!.token)),
    enabled: link !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  // The session shows the confirmed (or new) address at once. The session's own GET /auth/me, sent
  // as the page opened and so perhaps before the link was confirmed, may answer after this with the
  // old address and stay for minutes: it is cancelled and asked again.
  useEffect(() => {
    const user = confirmation.data;
    if (!user) return;
    queryClient.setQueryData<User | null>(queryKeys.session, (current) => (current && current.id === user.id ? user : current));
    void queryClient.cancelQueries({ queryKey: queryKeys.session }).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.session }));
  }, [confirmation.data, queryClient]);

  let outcome: LinkOutcome | 'pending';
  if (!link) outcome = 'invalid';
  else if (confirmation.isPending) outcome = 'pending';
  else if (confirmation.isError) outcome = outcomeOfError(confirmation.error);
  else outcome = outcomeOfSuccess(link.kind);

  return (
    <main className="centered-page">
      <section className="card auth-card link-outcome" aria-live="polite" data-testid="verify-email-page" data-outcome={outcome}>
        {outcome === 'pending' ? (
          <div className="link-outcome-pending">
            <div className="spinner" aria-hidden="true" />
            <p>{link?.kind === 'emailChange' ? t('account.link.changing') : t('account.link.verifying')}</p>
          </div>
        ) : (
          <Outcome outcome={outcome} kind={link?.kind ?? 'verify'} email={confirmation.data?.email}
            serverMessage={confirmation.error instanceof ApiError ? confirmation.error.message : undefined} retry={() => void confirmation.refetch()} />
        )}
      </section>
    </main>
  );
}

interface OutcomeProps {
  outcome: LinkOutcome;
  kind: LinkKind;
  email: string | undefined;
  serverMessage: string | undefined;
  retry(): void;
}

function Outcome({ outcome, kind, email, serverMessage, retry }: OutcomeProps) {
  const { t } = useTranslation();
  const { status } = useSession();
  const loggedIn = status === 'loggedIn';
  const success = outcome === 'verified' || outcome === 'emailChanged' || outcome === 'alreadyVerified';

  const text = (() => {
    switch (outcome) {
      case 'verified': return t('account.link.verifiedText', { email });
      case 'emailChanged': return t('account.link.emailChangedText', { email });
      case 'expired': return kind === 'verify' ? t('account.link.expiredVerifyText') : t('account.link.expiredChangeText');
      case 'emailUsed':
      case 'error': return serverMessage ?? t('map.unknownError');
      default: return t(`account.link.${outcome}Text`);
    }
  })();

  return (
    <>
      <div className={`outcome-icon ${success ? 'outcome-success' : 'outcome-problem'}`} aria-hidden="true">{success ? '✓' : '!'}</div>
      <h1 data-testid="verify-email-title">{t(`account.link.${outcome}Title`)}</h1>
      <p data-testid="verify-email-text">{text}</p>
      <div className="card-actions">
        {outcome === 'expired' && kind === 'verify' && (loggedIn
          ? <ResendButton />
          : <Link className="button button-primary" to={loginPath('/profile')}>{t('account.link.loginForNewLink')}</Link>)}
        {outcome === 'error' && <button type="button" className="button button-primary" onClick={retry}>{t('app.retry')}</button>}
        {outcome === 'unauthorized' && !loggedIn && <Link className="button button-primary" to="/login">{t('auth.loginSubmit')}</Link>}
        {loggedIn && (kind === 'emailChange' || outcome !== 'expired') && (
          <Link className={`button${success ? '' : ' button-primary'}`} to="/profile" data-testid="verify-email-profile">{t('header.profile')}</Link>
        )}
        {!loggedIn && success && <Link className="button button-primary" to="/login" data-testid="verify-email-login">{t('auth.loginSubmit')}</Link>}
        <Link className={`button${success && loggedIn ? ' button-primary' : ''}`} to="/" data-testid="verify-email-map">{t('app.goHome')}</Link>
      </div>
    </>
  );
}

function ResendButton() {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { error: string }>('idle');
  if (state === 'sent') return <p className="form-success" role="status" data-testid="verification-resent">{t('account.verification.resent')}</p>;
  return (
    <>
      <button type="button" className="button button-primary" data-testid="resend-verification" disabled={state === 'sending'}
        onClick={async () => {
          setState('sending');
          try {
            await resendVerificationEmail();
            setState('sent');
          } catch (error) {
            setState({ error: error instanceof ApiError ? error.message : t('map.unknownError') });
          }
        }}>
        {state === 'sending' ? t('account.sending') : t('account.link.newLink')}
      </button>
      {typeof state === 'object' && <p className="form-error" role="alert">{state.error}</p>}
    </>
  );
}
