/**
 * /app/generate (SPEC §2 /generate, not indexed): a new map made automatically, one area per place
 * of a pasted list or per row of a dataset. The form starts the generation on the server, then the
 * page follows it at /app/generate/{id}. Paid plans only: others see what it gives and the plans.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { FEATURES } from '@catchment/domain';
import { startGeneration, type GenerateMapRequest } from '../api/generation.js';
import { usePageTitle } from '../app/page-title.js';
import { LockedFeature } from '../plans/plan-lock.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { GenerationForm } from './generation-form.js';
import { GenerationStatus } from './generation-status.js';
import './generation.css';

export function GenerationPage() {
  const { t } = useTranslation();
  usePageTitle('generate.title');
  const { generationId } = useParams();
  const navigate = useNavigate();
  const access = usePlanAccess();
  const start = useMutation({
    mutationFn: (request: GenerateMapRequest) => startGeneration(request),
    onSuccess: (view) => navigate(`/generate/${view.id}`),
  });
  const lock = access?.lockOf(FEATURES.mapGeneration) ?? null;

  return (
    <main className="generation-page" data-testid="generation-page" aria-labelledby="generation-title">
      <header className="generation-header">
        <h1 id="generation-title">{t('generate.title')}</h1>
        <p className="muted">{t('generate.intro')}</p>
      </header>
      {generationId ? <GenerationStatus key={generationId} id={generationId} />
        : access === null ? <p className="muted">{t('app.loading')}</p>
          : lock ? <LockedFeature topic="generation" feature={FEATURES.mapGeneration} plan={lock} visitor={access.visitor} />
            : <GenerationForm pending={start.isPending} error={start.isError ? start.error.message : null} onSubmit={(request) => start.mutate(request)} />}
    </main>
  );
}
