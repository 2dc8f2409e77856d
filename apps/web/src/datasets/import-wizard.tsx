/**
 * The data import wizard (SPEC §2): a dialog of four steps — the file (chosen or dropped, then
 * uploaded with its progress), its preview (paged, renamed headers said), the columns (how rows
 * are placed, the column for figures, name and colour; guessed from the headers), and the import
 * (a bar while it goes on: the answer's 202, then the real-time channel's progress) with its
 * result (rows placed by precision, those not placed to download, "Add to this map"). Refusals
 * are said with what to do: the plan's pins (INSUFFICIENT_STORAGE) open the limit popup with the
 * plan that holds the file, a column the server refused is said beside it, an expired upload
 * brings the user back to the file. An upload left without an import is deleted on closing.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, ERRORS, isPlan, type ClientDatasetView, type DataFileView, type ErrorName } from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { deleteDataFile, importDataFile } from '../api/data-files.js';
import { deleteDataset } from '../api/datasets.js';
import { fieldErrorsOf, type FieldErrors } from '../api/field-errors.js';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { useSession } from '../auth/use-session.js';
import { usePlanAccess } from '../plans/use-plan-access.js';
import { ColumnsStep } from './columns-step.js';
import { useDatasetsView } from './datasets-view.js';
import { FileStep } from './file-step.js';
import { draftProblems, importBody, initialDraft, type ImportDraft } from './import-draft.js';
import { ImportResult } from './import-result.js';
import { pinsRoom } from './pins-room.js';
import { PreviewStep, usePreviewPage } from './preview-step.js';
import { ProgressBar } from './progress-bar.js';
import { useAccountDatasets, useDatasetWrites, useMapDatasetWrites } from './use-datasets.js';
import { useImportProgress } from './use-import-progress.js';

type Step =
  | { step: 'file'; notice: string | null }
  | { step: 'preview'; file: DataFileView }
  | { step: 'columns'; file: DataFileView }
  | { step: 'importing'; file: DataFileView; dataset: ClientDatasetView }
  | { step: 'done'; dataset: ClientDatasetView };

const STEPS = ['file', 'preview', 'columns', 'import'] as const;
const stepIndex = (step: Step['step']) => (step === 'importing' || step === 'done' ? 3 : STEPS.indexOf(step));

/** The message of a failed import's stored error code, in the user's language. */
function importErrorKey(code: string | null): string {
  const name = (Object.keys(ERRORS) as ErrorName[]).find((entry) => ERRORS[entry].code === code);
  return name ? `errors.${name}` : 'datasets.importRun.failed';
}

export function ImportWizard({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { user } = useSession();
  const clientId = user?.id ?? 0;
  const view = useDatasetsView();
  const access = usePlanAccess();
  const datasets = useAccountDatasets();
  const datasetWrites = useDatasetWrites();
  const mapWrites = useMapDatasetWrites(view.mapId ?? '');
  const [state, setState] = useState<Step>({ step: 'file', notice: null });
  const [draft, setDraft] = useState<ImportDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const { ref: dialog } = useModalDialog(true);
  const heading = useRef<HTMLHeadingElement>(null);

  const file = state.step === 'preview' || state.step === 'columns' || state.step === 'importing' ? state.file : null;
  const firstPage = usePreviewPage(clientId, file?.id ?? '', 0);
  const sample = file ? firstPage.data?.rows ?? [] : [];

  // The upload not imported goes when the wizard closes (the server would delete it within a day).
  const pendingFile = useRef<string | null>(null);
  pendingFile.current = state.step === 'preview' || state.step === 'columns' ? state.file.id : null;
  useEffect(() => () => {
    if (pendingFile.current) void deleteDataFile(clientId, pendingFile.current).catch(() => undefined);
  }, [clientId]);

  // Each step's title (said, not shown: the row of steps shows it) takes the focus, so that the keyboard and screen readers follow the steps.
  useEffect(() => heading.current?.focus(), [state.step]);

  const close = () => {
    if (state.step === 'done' || state.step === 'importing') void datasetWrites.refresh();
    onClose();
  };

  const goTo = (next: Step) => {
    setError(null);
    setState(next);
  };

  const toColumns = (uploaded: DataFileView) => {
    if (!draft) setDraft(initialDraft(uploaded, sample, (datasets.data ?? []).map((dataset) => dataset.color)));
    goTo({ step: 'columns', file: uploaded });
  };

  const changeDraft = (patch: Partial<ImportDraft>) => {
    setDraft((current) => (current ? { ...current, ...patch } : current));
    setErrors({});
    setError(null);
  };

  const startImport = async (uploaded: DataFileView) => {
    if (!draft || sending) return;
    const problems = draftProblems(draft);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((problem) => [problem.field, t(problem.messageKey)])));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const dataset = await importDataFile(clientId, uploaded.id, importBody(draft));
      goTo(dataset.status === 'importing' ? { step: 'importing', file: uploaded, dataset } : { step: 'done', dataset });
      void datasetWrites.refresh();
    } catch (failure) {
      importRefused(failure, uploaded);
    } finally {
      setSending(false);
    }
  };

  /** Says why the server refused the import, and where the user goes from there. */
  const importRefused = (failure: unknown, uploaded: DataFileView) => {
    if (!(failure instanceof ApiError)) {
      setError(t('datasets.importRun.failed'));
      return;
    }
    if (failure.code === ERROR_CODES.insufficientStorage) {
      const details = (failure.details ?? {}) as { pins?: number; used?: number; adding?: number; plan?: unknown; packs?: unknown };
      view.showPinsLimit({
        kind: 'pins', max: details.pins ?? 0, used: details.used ?? 0, adding: details.adding ?? uploaded.rowCount, plan: isPlan(details.plan) ? details.plan : null,
        packs: typeof details.packs === 'number' ? details.packs : null,
      });
    } else if (failure.code === ERROR_CODES.dataFileNotFound) {
      goTo({ step: 'file', notice: failure.message });
      return;
    } else if (failure.status === 400) {
      setErrors(columnErrors(fieldErrorsOf(failure)));
    }
    setError(failure.status >= 500 && failure.code !== ERROR_CODES.geocoderUnavailable ? t('datasets.importRun.failed') : failure.message);
  };

  /** An import that failed after its request answered: its empty dataset goes, the user is back on the columns. */
  const importFailed = (dataset: ClientDatasetView, uploaded: DataFileView) => {
    void deleteDataset(clientId, dataset.id).catch(() => undefined).then(() => datasetWrites.refresh());
    goTo({ step: 'columns', file: uploaded });
    setError(t(importErrorKey(dataset.error)));
  };

  const addToMap = view.mapId !== null && view.canEdit && state.step === 'done'
    ? async () => {
      await mapWrites.add([state.dataset.id]).catch(() => undefined);
      onClose();
    }
    : null;

  const room = access && datasets.data && file ? pinsRoom(access, datasets.data, file.rowCount) : null;
  const current = stepIndex(state.step);
  const title = t(`datasets.wizard.steps.${STEPS[current]}`);

  return (
    <dialog ref={dialog} className="dialog import-wizard" aria-labelledby={`${id}-title`} data-testid="import-wizard" data-step={state.step}
      onCancel={(event) => { event.preventDefault(); if (!uploading) close(); }}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{t('datasets.wizard.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} data-testid="import-close" onClick={close}>×</button>
      </div>
      <div className="dialog-body import-body">
        <ol className="import-steps" aria-label={t('datasets.wizard.stepsLabel')}>
          {STEPS.map((step, index) => (
            <li key={step} className={index === current ? 'import-step import-step-current' : index < current ? 'import-step import-step-done' : 'import-step'}
              aria-current={index === current ? 'step' : undefined}>
              <span className="import-step-number" aria-hidden>{index + 1}</span>
              <span className="import-step-name">{t(`datasets.wizard.steps.${step}`)}</span>
            </li>
          ))}
        </ol>
        <h3 ref={heading} tabIndex={-1} className="visually-hidden">{t('datasets.wizard.stepOf', { step: current + 1, steps: STEPS.length, title })}</h3>

        {state.step === 'file' && (
          <FileStep clientId={clientId} notice={state.notice} onUploading={setUploading} onUploaded={(uploaded) => {
            setDraft(null);
            goTo({ step: 'preview', file: uploaded });
          }} />
        )}
        {state.step === 'preview' && <PreviewStep clientId={clientId} file={state.file} />}
        {state.step === 'columns' && draft && (
          <ColumnsStep file={state.file} sample={sample} draft={draft} onChange={changeDraft} errors={errors} room={room} />
        )}
        {state.step === 'importing' && <ImportProgress clientId={clientId} started={state.dataset}
          onDone={(dataset) => goTo({ step: 'done', dataset })} onFailed={(dataset) => importFailed(dataset, state.file)} />}
        {state.step === 'done' && <ImportResult clientId={clientId} dataset={state.dataset} onAddToMap={addToMap} />}

        {error && <p className="form-error" role="alert" data-testid="import-error">{error}</p>}

        <div className="dialog-actions">
          {state.step === 'preview' && (
            <>
              <button type="button" className="button" data-testid="import-back" onClick={() => goTo({ step: 'file', notice: null })}>{t('datasets.wizard.otherFile')}</button>
              <button type="button" className="button button-primary" data-testid="import-next" disabled={firstPage.isPending} onClick={() => toColumns(state.file)}>
                {t('datasets.wizard.next')}
              </button>
            </>
          )}
          {state.step === 'columns' && (
            <>
              <button type="button" className="button" data-testid="import-back" onClick={() => goTo({ step: 'preview', file: state.file })}>{t('datasets.wizard.back')}</button>
              <button type="button" className="button button-primary" data-testid="import-submit" disabled={sending} onClick={() => void startImport(state.file)}>
                {sending ? t('datasets.wizard.importing') : t('datasets.wizard.import', { count: state.file.rowCount, rows: new Intl.NumberFormat(i18n.language).format(state.file.rowCount) })}
              </button>
            </>
          )}
          {(state.step === 'importing' || state.step === 'done') && (
            <button type="button" className={state.step === 'done' && !addToMap ? 'button button-primary' : 'button'} data-testid="import-done" onClick={close}>
              {state.step === 'importing' ? t('datasets.wizard.continueInBackground') : t('app.close')}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}

/** The server's refusal of the import's fields (body.latitudeColumn, body.address…) by the column step's fields. */
function columnErrors(errors: FieldErrors): FieldErrors {
  const byField: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    const name = { latitudeColumn: 'latitude', longitudeColumn: 'longitude', latLngColumn: 'latLng' }[field] ?? field;
    byField[name] = message;
  }
  return byField;
}

/** The bar of an import that goes on after its request answered; the result once it is over. */
function ImportProgress({ clientId, started, onDone, onFailed }: {
  clientId: number;
  started: ClientDatasetView;
  onDone(dataset: ClientDatasetView): void;
  onFailed(dataset: ClientDatasetView): void;
}) {
  const { t } = useTranslation();
  const dataset = useImportProgress(clientId, started);
  const over = dataset.status !== 'importing';
  useEffect(() => {
    if (dataset.status === 'ready') onDone(dataset);
    else if (dataset.status === 'failed') onFailed(dataset);
    // Once, when the import is over.
  }, [over]);
  return (
    <div className="import-progress" data-testid="import-progress">
      <ProgressBar fraction={dataset.progress} label={t('datasets.importRun.progress', { name: dataset.name })} testId="import-progress-bar" />
      <p className="panel-note">{t('datasets.importRun.background')}</p>
    </div>
  );
}
