/**
 * Revoking an app key, confirmed first: the key stops working at once (its calls answer
 * APP_KEY_INVALID) and a new key of its kind replaces it, which the dialog then shows to copy.
 * While the call runs the dialog stays open (Escape and the backdrop wait for it).
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type AppKeyView } from '@catchment/domain';
import { getAppKeys, revokeAppKey } from '../api/app-keys.js';
import { ApiError } from '../api/client.js';
import { queryKeys } from '../api/query-keys.js';
import { CopyButton } from '../app/copy-button.js';
import { useModalDialog } from '../app/use-modal-dialog.js';

interface RevokeAppKeyDialogProps {
  clientId: number;
  /** The key to revoke; null: the dialog is closed. */
  appKey: AppKeyView | null;
  onClose(): void;
}

type Step =
  | { name: 'confirm'; error?: string }
  | { name: 'revoking' }
  /** Revoked; the key that replaces it, or null when the list could not be read again. */
  | { name: 'revoked'; replacement: AppKeyView | null };

export function RevokeAppKeyDialog({ clientId, appKey, onClose }: RevokeAppKeyDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'confirm' });
  const keep = useRef<HTMLButtonElement>(null);
  const busy = step.name === 'revoking';
  // The next opening starts at the question again.
  const close = () => {
    if (busy) return;
    setStep({ name: 'confirm' });
    onClose();
  };
  const dialog = useModalDialog(appKey !== null, close, { initialFocus: keep, locked: busy });

  const listKey = queryKeys.appKeys(clientId);
  const revoke = async (revoked: AppKeyView) => {
    setStep({ name: 'revoking' });
    try {
      await revokeAppKey(clientId, revoked.key);
    } catch (caught) {
      // Revoked already (in another tab): the list is read again, the message says so.
      if (caught instanceof ApiError && caught.code === ERROR_CODES.appKeyNotFound) void queryClient.invalidateQueries({ queryKey: listKey });
      setStep({ name: 'confirm', error: caught instanceof ApiError && caught.status < 500 ? caught.message : t('integrations.revoke.error') });
      return;
    }
    // The old key leaves the page at once; the list read again issues and holds its replacement.
    queryClient.setQueryData<AppKeyView[]>(listKey, (keys) => keys?.filter((appKey) => appKey.key !== revoked.key));
    try {
      const keys = await queryClient.fetchQuery({ queryKey: listKey, queryFn: ({ signal }) => getAppKeys(clientId, signal), staleTime: 0 });
      setStep({ name: 'revoked', replacement: keys.find((appKey) => appKey.kind === revoked.kind) ?? null });
    } catch {
      setStep({ name: 'revoked', replacement: null });
    }
  };

  const kind = appKey?.kind ?? 'demo';
  return (
    <dialog {...dialog} className="dialog app-key-dialog" aria-labelledby="revoke-app-key-title" data-testid="revoke-app-key-dialog" data-step={step.name}>
      <div className="dialog-header">
        <h2 id="revoke-app-key-title">{t(step.name === 'revoked' ? `integrations.revoke.newKeyTitles.${kind}` : `integrations.revoke.titles.${kind}`)}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} disabled={busy} onClick={close}>×</button>
      </div>
      {appKey && (
        <div className="dialog-body">
          {step.name === 'revoked' ? (
            <Revoked replacement={step.replacement} onClose={close} />
          ) : (
            <>
              <p>{t('integrations.revoke.consequence')}</p>
              <p className="app-key-dialog-key"><code data-testid="revoke-app-key-old">{appKey.key}</code></p>
              <p>{t('integrations.revoke.replacement')}</p>
              {step.name === 'confirm' && step.error && <p className="form-error" role="alert" data-testid="revoke-app-key-error">{step.error}</p>}
              <div className="dialog-actions">
                <button ref={keep} type="button" className="button" disabled={busy} data-testid="revoke-app-key-keep" onClick={close}>
                  {t('integrations.revoke.keep')}
                </button>
                <button type="button" className="button button-danger" disabled={busy} aria-busy={busy || undefined}
                  data-testid="revoke-app-key-confirm" onClick={() => void revoke(appKey)}>
                  {busy ? t('integrations.revoke.revoking') : t('integrations.revoke.confirm')}
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}

/** After the revocation: the new key to copy, or where to find it when it could not be read. */
function Revoked({ replacement, onClose }: { replacement: AppKeyView | null; onClose(): void }) {
  const { t } = useTranslation();
  const value = useRef<HTMLElement>(null);
  return (
    <>
      <p role="status" data-testid="revoke-app-key-done">{t('integrations.revoke.done')}</p>
      {replacement ? (
        <div className="app-key-value">
          <code ref={value} data-testid="revoke-app-key-new">{replacement.key}</code>
          <CopyButton text={replacement.key} selectOnFailure={value} label={t('integrations.revoke.copyNew')} testId="revoke-app-key-copy" />
        </div>
      ) : (
        <p className="form-error" role="alert" data-testid="revoke-app-key-no-replacement">{t('integrations.revoke.replacementUnavailable')}</p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-primary" autoFocus data-testid="revoke-app-key-close" onClick={onClose}>{t('app.close')}</button>
      </div>
    </>
  );
}
