/**
 * The import wizard's first step: a CSV or XLSX file chosen or dropped, checked for its size here
 * too (the server decides: it stops at 50 MB as the bytes come), then uploaded with a bar of how
 * much has gone; the server's refusal (too large, not CSV nor XLSX, empty) is said with what to do.
 * What the plan holds is said up front: a free user knows the 10-row limit before choosing a file.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_FILE_MAX_BYTES, type DataFileView } from '@catchment/domain';
import { ApiError, isAbortError } from '../api/client.js';
import { uploadDataFile } from '../api/data-files.js';
import { useLocale } from '../i18n/index.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { ProgressBar } from './progress-bar.js';
import { pinsUsedBy } from './pins-room.js';
import { useAccountDatasets } from './use-datasets.js';

const MAX_MEGABYTES = DATA_FILE_MAX_BYTES / (1024 * 1024);

interface FileStepProps {
  clientId: number;
  /** Said when the wizard came back here (the uploaded file expired). */
  notice: string | null;
  onUploaded(file: DataFileView): void;
  /** Whether an upload is on its way (the wizard asks before closing then). */
  onUploading(uploading: boolean): void;
}

export function FileStep({ clientId, notice, onUploaded, onUploading }: FileStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(notice);
  const [dragging, setDragging] = useState(false);
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);

  // The wizard closed while the file was on its way: it stops there.
  useEffect(() => () => upload.current?.abort(), []);

  const send = async (file: File) => {
    setError(null);
    if (file.size > DATA_FILE_MAX_BYTES) {
      setError(t('datasets.file.tooLarge', { name: file.name, max: MAX_MEGABYTES }));
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress({ name: file.name, fraction: 0 });
    onUploading(true);
    try {
      const uploaded = await uploadDataFile(clientId, file, { signal: controller.signal, onProgress: (fraction) => setProgress({ name: file.name, fraction }) });
      onUploaded(uploaded);
    } catch (failure) {
      if (!isAbortError(failure)) setError(failure instanceof ApiError && failure.status < 500 ? failure.message : t('datasets.file.uploadFailed'));
    } finally {
      upload.current = null;
      setProgress(null);
      onUploading(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !progress) void send(file);
  };

  return (
    <div className="import-file">
      <PlanRoom />
      <div className={dragging ? 'import-drop import-drop-over' : 'import-drop'} data-testid="import-drop"
        onDragOver={(event) => { event.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
        {progress ? (
          <div className="import-uploading">
            <ProgressBar fraction={progress.fraction} label={t('datasets.file.uploading', { name: progress.name })} testId="import-upload-progress" />
            <button type="button" className="button button-small" data-testid="import-upload-cancel" onClick={() => upload.current?.abort()}>{t('app.cancel')}</button>
          </div>
        ) : (
          <>
            <p className="import-drop-text">{t('datasets.file.drop')}</p>
            <button type="button" className="button button-primary" data-testid="import-choose" onClick={() => input.current?.click()}>{t('datasets.file.choose')}</button>
            <p className="panel-note">{t('datasets.file.formats', { max: number(MAX_MEGABYTES) })}</p>
          </>
        )}
        <input ref={input} type="file" className="visually-hidden" tabIndex={-1} aria-hidden data-testid="import-file-input"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }} />
      </div>
      {error && <p className="form-error" role="alert" data-testid="import-file-error">{error}</p>}
      <p className="panel-note">{t('datasets.file.howTo')}</p>
    </div>
  );
}

/** What the plan holds, said before a file is chosen: the pins, those used, and the way to more. */
function PlanRoom() {
  const { t } = useTranslation();
  const locale = useLocale();
  const access = usePlanAccess();
  const openPlans = usePlansDialog();
  const datasets = useAccountDatasets();
  if (!access || !datasets.data) return null;
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const used = pinsUsedBy(datasets.data);
  const free = access.plan.tier === 'free';
  return (
    <p className={free ? 'import-plan import-plan-free' : 'import-plan'} data-testid="import-plan-room" data-pins={access.pins} data-used={used}>
      {free
        ? t('datasets.file.freeRoom', { count: access.pins, pins: number(access.pins), used: number(used) })
        : t(access.pins > access.plan.pins ? 'datasets.file.packsRoom' : 'datasets.file.planRoom', { count: access.pins, pins: number(access.pins), used: number(used), plan: t(`plans.${access.plan.id}`) })}
      {free && <button type="button" className="button-link" data-testid="import-see-plans" onClick={() => openPlans({})}>{t('planLock.seePlans')}</button>}
    </p>
  );
}
