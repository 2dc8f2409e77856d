/**
 * /profile/downloads (SPEC §2 My downloads): the files the user ordered, newest first, with their
 * live status (SPEC §4) and progress; Download (which marks the file downloaded), Retry once
 * failed, Delete after a question.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteDownload, downloadsQueryKey, fetchDownloadFile, markDownloaded, retryDownload, type DownloadJobView } from '../api/downloads.js';
import { usePageTitle } from '../app/page-title.js';
import { saveFile } from '../app/save-file.js';
import { useBusyAction } from '../app/use-busy-action.js';
import { ProgressBar } from '../datasets/progress-bar.js';
import { ConfirmDialog } from '../integrations/confirm-dialog.js';
import { useProfileUser } from '../profile/profile-layout.js';
import { downloadActions, downloadState } from './download-state.js';
import { useDownloads } from './use-downloads.js';
import './downloads.css';

export function DownloadsPage() {
  const { t } = useTranslation();
  usePageTitle('titles.downloads');
  const user = useProfileUser();
  const queryClient = useQueryClient();
  const { downloads, isPending, isError, refetch } = useDownloads();
  const [deleting, setDeleting] = useState<DownloadJobView | null>(null);

  return (
    <main className="profile-page downloads-page" data-testid="downloads-page" aria-labelledby="downloads-title">
      <header className="profile-page-header">
        <h1 id="downloads-title">{t('titles.downloads')}</h1>
        <p className="muted">{t('downloads.intro')}</p>
      </header>
      {isPending ? <p className="muted" data-testid="downloads-loading">{t('app.loading')}</p>
        : isError || !downloads ? (
          <div className="form-error" role="alert" data-testid="downloads-error">
            <p>{t('downloads.loadError')}</p>
            <button type="button" className="button button-small" onClick={refetch}>{t('app.retry')}</button>
          </div>
        ) : downloads.length === 0 ? (
          <p className="downloads-empty muted" data-testid="downloads-empty">{t('downloads.empty')}</p>
        ) : (
          <ul className="downloads-list" data-testid="downloads-list" aria-label={t('titles.downloads')}>
            {downloads.map((download) => <DownloadRow key={download.id} clientId={user.id} download={download} onDelete={() => setDeleting(download)} />)}
          </ul>
        )}
      <ConfirmDialog open={deleting !== null} testId="download-delete-dialog"
        title={t('downloads.deleteTitle', { title: deleting?.title ?? '' })}
        consequence={t('downloads.deleteConsequence')}
        confirmLabel={t('downloads.delete')} errorMessage={t('downloads.deleteError')}
        onConfirm={async () => {
          await deleteDownload(user.id, deleting!.id);
          queryClient.setQueryData<DownloadJobView[]>(downloadsQueryKey(user.id), (before) => before?.filter((download) => download.id !== deleting!.id));
        }}
        onClose={() => setDeleting(null)} />
    </main>
  );
}

interface DownloadRowProps {
  clientId: number;
  download: DownloadJobView;
  onDelete(): void;
}

function DownloadRow({ clientId, download, onDelete }: DownloadRowProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { busy, error, run: act } = useBusyAction();
  const state = downloadState(download.status);
  const actions = downloadActions(download);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const replace = (changed: DownloadJobView) =>
    queryClient.setQueryData<DownloadJobView[]>(downloadsQueryKey(clientId), (before) => before?.map((entry) => (entry.id === changed.id ? changed : entry)));

  const save = () => act(async () => {
    const { blob, filename } = await fetchDownloadFile(clientId, download.id);
    saveFile(blob, filename);
    if (!download.isDownloaded) replace(await markDownloaded(clientId, download.id));
  }, t('downloads.downloadError'));
  const retry = () => act(async () => { replace(await retryDownload(clientId, download.id)); }, t('downloads.retryError'));

  return (
    <li className="download" data-testid="download" data-id={download.id} data-status={download.status} data-state={state} data-downloaded={download.isDownloaded}>
      <div className="download-head">
        <h2 className="download-title" data-testid="download-title">{download.title}</h2>
        <span className={`badge download-status download-status-${state}`} data-testid="download-status">{t(`downloads.states.${state}`)}</span>
      </div>
      <p className="download-summary muted">
        {t(`downloads.kinds.${download.kind}`, { defaultValue: download.kind })}
        {' · '}
        <time dateTime={download.createdAt}>{t('downloads.orderedAt', { date: dateTime.format(new Date(download.createdAt)) })}</time>
        {download.size !== undefined && <>{' · '}{formatSize(download.size, i18n.language)}</>}
        {download.isDownloaded && <>{' · '}<span data-testid="download-downloaded">{t('downloads.downloaded')}</span></>}
      </p>
      {state === 'inProgress' && <ProgressBar fraction={download.progress ?? 0} label={t('downloads.progress')} testId="download-progress" />}
      {state === 'failed' && download.error && <p className="download-error" data-testid="download-error">{download.error}</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="download-actions">
        {actions.download && (
          <button type="button" className="button button-small button-primary" data-testid="download-file" disabled={busy} onClick={() => void save()}>
            {t('downloads.download')}
          </button>
        )}
        {actions.retry && (
          <button type="button" className="button button-small" data-testid="download-retry" disabled={busy} onClick={() => void retry()}>
            {t('downloads.retry')}
          </button>
        )}
        <button type="button" className="button button-small button-ghost" data-testid="download-delete" disabled={busy} onClick={onDelete}>
          {t('downloads.delete')}
        </button>
      </div>
    </li>
  );
}

/** Bytes as kB or MB, in the user's language. */
function formatSize(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes, 1) / 1_000, 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
