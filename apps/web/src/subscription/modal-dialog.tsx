/**
 * A small native modal dialog for the subscription's confirmations (cancel, reactivate): the focus
 * stays inside, Escape and the backdrop close it (unless `busy`: a call is on its way), and the focus
 * returns where it was.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../app/use-modal-dialog.js';

interface ModalDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  /** While true, the dialog stays open (a call is running). */
  busy?: boolean;
  testId: string;
  children: ReactNode;
}

export function ModalDialog({ open, title, onClose, busy = false, testId, children }: ModalDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useModalDialog(open, onClose, { locked: busy });

  const close = () => { if (!busy) onClose(); };
  return (
    <dialog {...dialog} className="dialog subscription-dialog" aria-labelledby={`${id}-title`} data-testid={testId}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} disabled={busy} onClick={close}>×</button>
      </div>
      {open && <div className="dialog-body">{children}</div>}
    </dialog>
  );
}
