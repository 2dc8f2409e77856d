/**
 * The lists of a CRM connection synchronised as datasets: each with its status (SPEC §4: success,
 * warning with the records not placed, active with its live progress, failed with or without an
 * earlier success and its error), when it last succeeded and how many points it holds; the
 * records not placed to download, Synchronise (that list now) and Delete (after a question: its
 * dataset goes with it, off every map).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crmQueryKeys, deleteSynchronizedList, downloadNotPlacedReport, synchronizeAll, type CrmSynchronizedListView } from '../api/crm.js';
import { saveFile } from '../app/save-file.js';
import { useBusyAction } from '../app/use-busy-action.js';
import { ProgressBar } from '../datasets/progress-bar.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { asSentence, listErrorKey, listSyncState } from './list-sync-status.js';
import type { SynchronizedLists } from './use-synchronized-lists.js';

interface SynchronizedListsViewProps {
  connectionId: number;
  synchronized: SynchronizedLists;
  /** The connection is expired: nothing can be synchronised until it is reconnected. */
  expired: boolean;
}

export function SynchronizedListsView({ connectionId, synchronized, expired }: SynchronizedListsViewProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<CrmSynchronizedListView | null>(null);
  const { lists } = synchronized;

  if (synchronized.isPending) return <p className="muted" data-testid="crm-lists-loading">{t('app.loading')}</p>;
  if (synchronized.isError || !lists) {
    return (
      <div className="form-error" role="alert" data-testid="crm-lists-error">
        <p>{t('integrations.crm.lists.loadError')}</p>
        <button type="button" className="button button-small" onClick={synchronized.refetch}>{t('app.retry')}</button>
      </div>
    );
  }
  if (lists.length === 0) return <p className="muted" data-testid="crm-lists-empty">{t('integrations.crm.lists.empty')}</p>;

  return (
    <>
      <ul className="crm-lists" data-testid="crm-lists" aria-label={t('integrations.crm.lists.title')}>
        {lists.map((list) => (
          <SynchronizedListRow key={list.id} connectionId={connectionId} list={list} progress={synchronized.progressOf(list)} expired={expired}
            onDelete={() => setDeleting(list)} />
        ))}
      </ul>
      <ConfirmDialog open={deleting !== null} testId="crm-list-delete-dialog"
        title={t('integrations.crm.lists.deleteTitle', { name: deleting?.name ?? '' })}
        consequence={t('integrations.crm.lists.deleteConsequence')}
        confirmLabel={t('integrations.crm.lists.delete')} errorMessage={t('integrations.crm.lists.deleteError')}
        onConfirm={async () => {
          await deleteSynchronizedList(connectionId, deleting!.id);
          queryClient.setQueryData<CrmSynchronizedListView[]>(crmQueryKeys.synchronizedLists(connectionId), (before) => before?.filter((list) => list.id !== deleting!.id));
        }}
        onClose={() => setDeleting(null)} />
    </>
  );
}

interface SynchronizedListRowProps {
  connectionId: number;
  list: CrmSynchronizedListView;
  progress: number | undefined;
  expired: boolean;
  onDelete(): void;
}

function SynchronizedListRow({ connectionId, list, progress, expired, onDelete }: SynchronizedListRowProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { busy, error, run: act } = useBusyAction();
  const state = listSyncState(list);
  const active = list.status === 'active';
  const number = new Intl.NumberFormat(i18n.language);
  const date = list.lastSuccessAt && new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(list.lastSuccessAt));

  const synchronize = () => act(async () => {
    const lists = await synchronizeAll(connectionId, list.id);
    queryClient.setQueryData(crmQueryKeys.synchronizedLists(connectionId), lists);
  }, t('integrations.crm.lists.synchronizeError'));
  const download = () => act(async () => {
    const { blob, filename } = await downloadNotPlacedReport(connectionId, list.id);
    saveFile(blob, filename);
  }, t('integrations.crm.lists.reportError'));

  return (
    <li className="crm-list" data-testid="crm-list" data-name={list.name} data-status={list.status} data-state={state}>
      <div className="crm-list-head">
        <h4 className="crm-list-name" data-testid="crm-list-name">{list.name}</h4>
        <span className={`badge crm-status crm-status-${list.status}`} data-testid="crm-list-status">{t(`integrations.crm.lists.states.${state}`)}</span>
      </div>
      <p className="crm-list-summary" data-testid="crm-list-summary">
        {t(`integrations.crm.lists.objects.${list.objectType}`)}
        {' · '}
        {list.lastSuccessAt ? (
          <span data-testid="crm-list-points">{t('integrations.crm.lists.points', { count: list.placedCount, formatted: number.format(list.placedCount) })}</span>
        ) : t('integrations.crm.lists.noPointsYet')}
        {date && <>{' · '}<span data-testid="crm-list-date">{t('integrations.crm.lists.lastSync', { date })}</span></>}
      </p>
      {active && (
        <ProgressBar fraction={progress ?? 0} testId="crm-list-progress"
          label={t(state === 'activeAfterSuccess' ? 'integrations.crm.lists.progressAgain' : 'integrations.crm.lists.progress')} />
      )}
      {list.status === 'warning' && (
        <p className="crm-list-note crm-list-warning" data-testid="crm-list-not-placed">
          {t('integrations.crm.lists.notPlaced', { count: list.notPlacedCount, formatted: number.format(list.notPlacedCount), records: number.format(list.recordCount) })}
        </p>
      )}
      {list.status === 'failed' && (
        <p className="crm-list-note form-error" role="alert" data-testid="crm-list-failure">
          {state === 'failedAfterSuccess' ? `${asSentence(t(listErrorKey(list.lastError)))} ${t('integrations.crm.lists.keptLastSuccess')}` : t(listErrorKey(list.lastError))}
        </p>
      )}
      {error && <p className="form-error" role="alert" data-testid="crm-list-error">{error}</p>}
      <div className="crm-list-actions">
        {list.notPlacedCount > 0 && list.status !== 'active' && (
          <button type="button" className="button button-small" disabled={busy} onClick={() => void download()} data-testid="crm-list-report">
            {t('integrations.crm.lists.report')}
          </button>
        )}
        <button type="button" className="button button-small" disabled={busy || active || expired} onClick={() => void synchronize()} data-testid="crm-list-synchronize">
          {t('integrations.crm.lists.synchronize')}
        </button>
        <button type="button" className="button button-small button-danger-ghost" disabled={busy} onClick={onDelete} data-testid="crm-list-delete">
          {t('integrations.crm.lists.delete')}
        </button>
      </div>
    </li>
  );
}
