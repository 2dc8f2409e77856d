/**
 * The organisation's logo (SPEC §5, §8): dropped on the zone or chosen with the file input, checked
 * here first by its bytes (JPEG or PNG, at most 5 MB, the server's own rules), shown at once from
 * the file while it uploads with its progress, then from the server; removed with one button. Each
 * of the SPEC's four failures has its message: unsupported type, too large, set failure (the server
 * could not take it), upload failure (the request did not get through).
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_MEGABYTES, type OrganizationConfiguration } from '@catchment/domain';
import { ApiError, isAbortError } from '../api/client.js';
import { removeLogo, uploadLogo, UploadFailedError } from '../api/organization.js';
import { formatBytes } from '../app/format-bytes.js';
import { useLocale } from '../i18n/index.js';
import { checkLogoFile, readAsDataUrl } from './logo-file.js';

interface LogoPickerProps {
  clientId: number;
  configuration: OrganizationConfiguration;
  onSaved(configuration: OrganizationConfiguration): void;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'error'; message: string }
  | { kind: 'done'; message: string };

export function LogoPicker({ clientId, configuration, onSaved }: LogoPickerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  // The chosen file, shown while it uploads (an object URL, released when replaced).
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => { if (localPreview) URL.revokeObjectURL(localPreview); }, [localPreview]);

  const busy = status.kind === 'uploading';
  const logo = configuration.logo;
  const readOnly = !configuration.editable;

  const send = async (file: File) => {
    if (busy) return;
    const checked = await checkLogoFile(file);
    if (!checked.ok) {
      setStatus({ kind: 'error', message: t(checked.messageKey, checked.params) });
      return;
    }
    setLocalPreview(URL.createObjectURL(file));
    setStatus({ kind: 'uploading', fraction: 0 });
    const controller = new AbortController();
    upload.current = controller;
    try {
      const dataUrl = await readAsDataUrl(file);
      const saved = await uploadLogo(clientId, {
        dataUrl, type: checked.type, signal: controller.signal,
        onProgress: (fraction) => setStatus({ kind: 'uploading', fraction }),
      });
      onSaved(saved);
      setStatus({ kind: 'done', message: t('organization.logo.uploaded') });
    } catch (error) {
      if (isAbortError(error)) return;
      setStatus({ kind: 'error', message: uploadErrorMessage(error, t) });
    } finally {
      setLocalPreview(null);
      upload.current = null;
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = async () => {
    try {
      await removeLogo(clientId);
      onSaved({ ...configuration, logo: null });
      setStatus({ kind: 'done', message: t('organization.logo.removed') });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof ApiError ? error.message : t('organization.logo.removeError') });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  };

  const previewUrl = localPreview ?? logo?.url ?? null;
  const percent = busy ? Math.round(status.fraction * 100) : 0;

  return (
    <section className="profile-section" aria-labelledby="logo-title" data-testid="logo-section">
      <h2 id="logo-title">{t('organization.logo.title')}</h2>
      <p className="muted">{t('organization.logo.intro', { maxMegabytes: LOGO_MAX_MEGABYTES })}</p>

      <div className={`logo-picker${dragging ? ' logo-picker-dragging' : ''}`} data-testid="logo-dropzone"
        onDragEnter={(event) => { event.preventDefault(); setDragging(true); }}
        onDragOver={(event) => { event.preventDefault(); event.dataTransfer.dropEffect = busy ? 'none' : 'copy'; }}
        onDragLeave={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false); }}
        onDrop={(event) => { if (readOnly) event.preventDefault(); else onDrop(event); }}>
        <div className="logo-frame">
          {previewUrl
            ? <img src={previewUrl} alt={t('organization.logo.alt')} className="logo-image" data-testid="logo-preview" />
            : <span className="muted logo-none">{t('organization.logo.none')}</span>}
        </div>
        {!readOnly && <div className="logo-actions">
          <p className="logo-drop-text">
            {t('organization.logo.drop')}{' '}
            <label htmlFor={inputId} className="logo-choose" aria-disabled={busy || undefined}>{t('organization.logo.choose')}</label>
          </p>
          <input ref={inputRef} id={inputId} type="file" className="visually-hidden" accept="image/png,image/jpeg,.png,.jpg,.jpeg"
            disabled={busy} data-testid="logo-input"
            onChange={(event) => { const file = event.target.files?.[0]; if (file) void send(file); }} />
          {logo && !busy && (
            <p className="muted logo-facts" data-testid="logo-facts">
              {t('organization.logo.facts', { width: logo.widthPixels, height: logo.heightPixels, size: formatBytes(logo.byteLength, locale) })}
            </p>
          )}
          {busy && (
            <div className="logo-progress" data-testid="logo-progress">
              <progress max={100} value={percent} aria-labelledby={`${inputId}-progress`} />
              <span id={`${inputId}-progress`} role="status">{t('organization.logo.uploading', { percent })}</span>
            </div>
          )}
          {logo && !busy && (
            <button type="button" className="button button-danger-ghost button-small" onClick={remove} data-testid="logo-remove">
              {t('organization.logo.remove')}
            </button>
          )}
        </div>}
      </div>
      {status.kind === 'error' && <p className="form-error logo-message" role="alert" data-testid="logo-error">{status.message}</p>}
      {status.kind === 'done' && <p className="form-success-inline logo-message" role="status" data-testid="logo-status">{status.message}</p>}
    </section>
  );
}

/** The message of a failed upload: the server's own (translated) refusal, else the SPEC's set or upload failure. */
function uploadErrorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) return error.status >= 500 ? t('organization.logo.saveFailed') : error.message;
  if (error instanceof UploadFailedError) return t('organization.logo.uploadFailed');
  return t('organization.logo.saveFailed');
}
