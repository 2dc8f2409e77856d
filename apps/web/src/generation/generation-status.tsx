/**
 * A generation as it goes and once it has ended: the progress bar while the job fills the map, then
 * what was made, the rows without an area and why, and the way to the map. Read every second from
 * the server, so a reload or another tab shows the same.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MapGenerationView } from '@catchment/domain';
import { fetchGeneration } from '../api/generation.js';
import { queryKeys } from '../api/query-keys.js';
import { ProgressBar } from '../datasets/progress-bar.js';

const POLL_MS = 1_000;

const ended = (view: MapGenerationView | undefined) => view?.status === 'done' || view?.status === 'failed';

export function GenerationStatus({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const generation = useQuery({
    queryKey: ['generations', id],
    queryFn: ({ signal }) => fetchGeneration(id, signal),
    refetchInterval: (query) => (ended(query.state.data) ? false : POLL_MS),
  });
  const view = generation.data;
  // The new map is in My maps from the start, and fills: its list shows it once it is made.
  useEffect(() => {
    if (ended(view)) void queryClient.invalidateQueries({ queryKey: queryKeys.mapsLists });
  }, [view, queryClient]);

  if (generation.isPending) return <p className="muted">{t('app.loading')}</p>;
  if (generation.isError && !view) {
    return <p className="form-error" role="alert" data-testid="generation-status-error">{generation.error.message}</p>;
  }
  const current = view!;
  const openMap = current.map && (
    <Link className="button button-primary" to={`/map/${current.map.accessId}`} data-testid="generation-open-map">{t('generate.openMap')}</Link>
  );
  return (
    <section className="generation-status" data-testid="generation-status" data-status={current.status} aria-live="polite">
      <h2>{current.map?.title ?? t('generate.defaultTitle')}</h2>
      {!ended(current) && (
        <ProgressBar fraction={current.progress} testId="generation-progress"
          label={current.status === 'waiting' ? t('generate.waiting') : t('generate.progress', { done: current.created, total: current.total })} />
      )}
      {current.status === 'done' && (
        <p className="generation-summary" data-testid="generation-summary">
          {t('generate.done', { count: current.created })}
          {current.failures.length > 0 && ` ${t('generate.withFailures', { count: current.failures.length })}`}
        </p>
      )}
      {current.status === 'failed' && (
        <p className="form-error" role="alert" data-testid="generation-failed">
          {current.error?.message ?? t('errors.generationFailed')}
        </p>
      )}
      {current.failures.length > 0 && (
        <div className="generation-failures">
          <h3>{t('generate.failuresTitle')}</h3>
          <table className="generation-table" data-testid="generation-failures">
            <thead><tr><th scope="col">{t('generate.row')}</th><th scope="col">{t('generate.place')}</th><th scope="col">{t('generate.reason')}</th></tr></thead>
            <tbody>
              {current.failures.map((failure) => (
                <tr key={failure.row}><td className="numeric">{failure.row}</td><td>{failure.label}</td><td>{failure.message}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="generation-actions">
        {openMap}
        {ended(current) && <Link className="button" to="/generate" data-testid="generation-again">{t('generate.again')}</Link>}
        {generation.isError && <span className="form-error" role="status">{t('generate.connectionLost')}</span>}
      </div>
    </section>
  );
}
