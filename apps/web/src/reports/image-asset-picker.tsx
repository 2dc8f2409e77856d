/**
 * Picks one of the account's report images (SPEC §3 Project asset, §7 assets), for the report's
 * customisation panel: the images as thumbnails to choose from (or none), an upload by the button or
 * by dropping a file on the picker, with its progress, and the deletion of an image after a
 * question. A chosen file is checked here first with the server's own rule (JPEG or PNG, at most
 * 5 MB) and a new image is chosen once uploaded. Each failure has its message: the images not
 * loaded, an upload refused (the server's translated reason) or cut off, a deletion that failed
 * (SPEC §8 asset load and delete errors). The choices are radio buttons: Tab reaches the group,
 * the arrow keys move the choice.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ASSET_MAX_MEGABYTES, MAX_ASSETS_PER_ACCOUNT } from '@catchment/domain';
import { assetsQueryKey, assetUrl, deleteAssets, fetchAssets, uploadAsset, type AssetSummary } from '../api/assets.js';
import { ApiError, isAbortError } from '../api/client.js';
import { formatBytes } from '../app/format-bytes.js';
import { ProgressBar } from '../datasets/progress-bar.js';
import { ConfirmDialog } from '../integrations/confirm-dialog.js';
import { useLocale } from '../i18n/index.js';
import { checkAssetFile } from './asset-file.js';
// The progress bar's own styles.
import '../datasets/datasets.css';
import './image-asset-picker.css';

export interface ImageAssetPickerProps {
  /** The signed-in account, whose images these are. */
  clientId: number;
  /** The chosen image's id; null: none. */
  value: string | null;
  /** Called with the image chosen (a new upload is chosen too), or null for none, or when the chosen image is deleted. */
  onChange(assetId: string | null): void;
  /** The group's name as shown; "Image" by default. */
  label?: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; fraction: number }
  | { kind: 'error'; message: string }
  | { kind: 'done'; message: string };

export function ImageAssetPicker({ clientId, value, onChange, label }: ImageAssetPickerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<AssetSummary | null>(null);
  const query = useQuery({ queryKey: assetsQueryKey(clientId), queryFn: ({ signal }) => fetchAssets(clientId, signal) });
  const assets = query.data;
  const busy = status.kind === 'uploading';

  useEffect(() => () => upload.current?.abort(), []);
  // A chosen image deleted meanwhile (in another tab) is no choice any more.
  useEffect(() => {
    if (value !== null && assets && !assets.some((asset) => asset.id === value)) onChange(null);
  }, [assets, value, onChange]);

  const send = async (file: File) => {
    if (busy) return;
    if (assets && assets.length >= MAX_ASSETS_PER_ACCOUNT) {
      setStatus({ kind: 'error', message: t('errors.assetLimitReached', { maxAssets: MAX_ASSETS_PER_ACCOUNT }) });
      return;
    }
    const checked = await checkAssetFile(file);
    if (!checked.ok) {
      setStatus({ kind: 'error', message: t(checked.messageKey, checked.params) });
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setStatus({ kind: 'uploading', name: file.name, fraction: 0 });
    try {
      const added = await uploadAsset(clientId, file, {
        signal: controller.signal, onProgress: (fraction) => setStatus({ kind: 'uploading', name: file.name, fraction }),
      });
      queryClient.setQueryData<AssetSummary[]>(assetsQueryKey(clientId), (before) => [added, ...(before ?? []).filter((asset) => asset.id !== added.id)]);
      onChange(added.id);
      setStatus({ kind: 'done', message: t('assets.uploaded', { name: added.name }) });
    } catch (error) {
      if (isAbortError(error)) {
        setStatus({ kind: 'idle' });
        return;
      }
      setStatus({ kind: 'error', message: uploadErrorMessage(error, t) });
    } finally {
      upload.current = null;
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  const remove = async (asset: AssetSummary) => {
    try {
      await deleteAssets(clientId, [asset.id]);
    } catch (error) {
      // Gone already (deleted in another tab): what the user wanted is done; the list is read again.
      if (!(error instanceof ApiError && error.code === 'ASSET_NOT_FOUND')) throw error;
    }
    queryClient.setQueryData<AssetSummary[]>(assetsQueryKey(clientId), (before) => before?.filter((entry) => entry.id !== asset.id));
    void queryClient.invalidateQueries({ queryKey: assetsQueryKey(clientId) });
    if (value === asset.id) onChange(null);
    setStatus({ kind: 'done', message: t('assets.deleted', { name: asset.name }) });
  };

  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;
  const inputId = `${id}-file`;

  return (
    <div className={`asset-picker${dragging ? ' asset-picker-dragging' : ''}`} data-testid="asset-picker"
      onDragEnter={(event) => { event.preventDefault(); setDragging(true); }}
      onDragOver={(event) => { event.preventDefault(); event.dataTransfer.dropEffect = busy ? 'none' : 'copy'; }}
      onDragLeave={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false); }}
      onDrop={onDrop}>
      <div role="radiogroup" aria-labelledby={legendId} aria-describedby={hintId} className="asset-picker-group">
        <div className="asset-picker-header">
          <span id={legendId} className="asset-picker-legend">{label ?? t('assets.label')}</span>
          <span id={hintId} className="muted asset-picker-hint">{t('assets.hint', { maxMegabytes: ASSET_MAX_MEGABYTES, max: MAX_ASSETS_PER_ACCOUNT })}</span>
        </div>
        {query.isPending ? <p className="muted" data-testid="asset-picker-loading">{t('app.loading')}</p>
          : query.isError || !assets ? (
            <div className="form-error asset-picker-load-error" role="alert" data-testid="asset-picker-error">
              <p>{t('assets.loadError')}</p>
              <button type="button" className="button button-small" onClick={() => void query.refetch()}>{t('app.retry')}</button>
            </div>
          ) : (
            <ul className="asset-grid" data-testid="asset-picker-list">
              <li className="asset-tile">
                <label className="asset-option asset-option-none" data-selected={value === null || undefined} data-testid="asset-option-none">
                  <input type="radio" name={id} className="visually-hidden" checked={value === null} onChange={() => onChange(null)} />
                  <span className="asset-thumb asset-thumb-none" aria-hidden>∅</span>
                  <span className="asset-name">{t('assets.none')}</span>
                </label>
              </li>
              {assets.map((asset) => (
                <AssetTile key={asset.id} clientId={clientId} asset={asset} group={id} selected={value === asset.id} locale={locale}
                  onSelect={() => onChange(asset.id)} onDelete={() => setDeleting(asset)} />
              ))}
            </ul>
          )}
        {assets?.length === 0 && <p className="muted asset-picker-empty" data-testid="asset-picker-empty">{t('assets.empty')}</p>}
      </div>

      <div className="asset-dropzone" data-testid="asset-dropzone">
        {status.kind === 'uploading' ? (
          <div className="asset-upload-progress">
            <ProgressBar fraction={status.fraction} label={t('assets.uploading', { name: status.name })} testId="asset-upload-progress" />
            <button type="button" className="button button-small" onClick={() => upload.current?.abort()} data-testid="asset-upload-cancel">{t('app.cancel')}</button>
          </div>
        ) : (
          <p className="asset-drop-text">
            {t('assets.drop')}{' '}
            <label htmlFor={inputId} className="asset-choose">{t('assets.choose')}</label>
          </p>
        )}
        <input ref={inputRef} id={inputId} type="file" className="visually-hidden" accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          disabled={busy} data-testid="asset-input"
          onChange={(event) => { const file = event.target.files?.[0]; if (file) void send(file); }} />
      </div>
      {status.kind === 'error' && <p className="form-error asset-picker-message" role="alert" data-testid="asset-picker-upload-error">{status.message}</p>}
      {status.kind === 'done' && <p className="form-success-inline asset-picker-message" role="status" data-testid="asset-picker-status">{status.message}</p>}

      <ConfirmDialog open={deleting !== null} testId="asset-delete-dialog"
        title={t('assets.deleteTitle', { name: deleting?.name ?? '' })}
        consequence={t('assets.deleteConsequence')}
        confirmLabel={t('assets.delete')} errorMessage={t('assets.deleteError')}
        onConfirm={() => remove(deleting!)}
        onClose={() => setDeleting(null)} />
    </div>
  );
}

interface AssetTileProps {
  clientId: number;
  asset: AssetSummary;
  /** The radio group's name. */
  group: string;
  selected: boolean;
  locale: string;
  onSelect(): void;
  onDelete(): void;
}

function AssetTile({ clientId, asset, group, selected, locale, onSelect, onDelete }: AssetTileProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const facts = t('assets.facts', { width: asset.widthPixels, height: asset.heightPixels, size: formatBytes(asset.byteLength, locale) });
  return (
    <li className="asset-tile" data-testid="asset-option" data-id={asset.id} data-selected={selected || undefined}>
      <label className="asset-option" data-selected={selected || undefined} title={`${asset.name} · ${facts}`}>
        <input type="radio" name={group} className="visually-hidden" checked={selected} onChange={onSelect} aria-describedby={`${group}-${asset.id}-facts`} />
        {broken
          ? <span className="asset-thumb asset-thumb-broken" role="img" aria-label={t('assets.imageLoadError')} data-testid="asset-thumb-broken">!</span>
          : <img className="asset-thumb" src={assetUrl(clientId, asset.id)} alt="" loading="lazy" onError={() => setBroken(true)} />}
        <span className="asset-name">{asset.name}</span>
        <span id={`${group}-${asset.id}-facts`} className="visually-hidden">{facts}</span>
      </label>
      <button type="button" className="asset-delete" aria-label={t('assets.deleteLabel', { name: asset.name })} onClick={onDelete} data-testid="asset-delete">×</button>
    </li>
  );
}

/** The message of a failed upload: the server's own (translated) refusal, else that the upload or the saving failed. */
function uploadErrorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) return error.status >= 500 ? t('assets.saveFailed') : error.message;
  if (error instanceof TypeError) return t('assets.uploadFailed');
  return t('assets.saveFailed');
}
