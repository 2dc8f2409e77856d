/**
 * A question before something that cannot be undone (disconnecting a CRM, deleting a synchronised
 * list): what happens, Cancel (focused first) and the action; the dialog stays open while the
 * action runs and says why it failed.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.js';
import { useModalDialog } from '../app/use-modal-dialog.js';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  consequence: string;
  confirmLabel: string;
  /** Said when the action failed for a reason the server did not give. */
  errorMessage: string;
  testId: string;
  onConfirm(): Promise<void>;
  onClose(): void;
}

export function ConfirmDialog({ open, title, consequence, confirmLabel, errorMessage, testId, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };
  const dialog = useModalDialog(open, close, { initialFocus: cancel, locked: busy });

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (caught) {
      setBusy(false);
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : errorMessage);
    }
  };

  return (
    <dialog {...dialog} className="dialog confirm-dialog" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className="dialog-header">
        <h2 id={`${testId}-title`}>{title}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} disabled={busy} onClick={close}>×</button>
      </div>
      {open && (
        <div className="dialog-body">
          <p>{consequence}</p>
          {error && <p className="form-error" role="alert" data-testid={`${testId}-error`}>{error}</p>}
          <div className="dialog-actions">
            <button ref={cancel} type="button" className="button" disabled={busy} onClick={close} data-testid={`${testId}-cancel`}>{t('app.cancel')}</button>
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void confirm()} data-testid={`${testId}-confirm`}>{confirmLabel}</button>
          </div>
        </div>
      )}
    </dialog>
  );
}
