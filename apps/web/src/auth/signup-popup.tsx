/**
 * The signup popup (SPEC §2): a visitor did something only an account keeps (saving a business
 * search): what the account gives, and the ways to sign up or log in, coming back here after.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

interface SignupPopupProps {
  open: boolean;
  title: string;
  text: string;
  onClose(): void;
}

export function SignupPopup({ open, title, text, onClose }: SignupPopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const signup = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  const back = encodeURIComponent(location.pathname + location.search);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      signup.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="dialog signup-popup" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="signup-popup"
      onClose={onClose} onClick={(event) => { if (event.target === dialog.current) onClose(); }}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} onClick={onClose}>×</button>
      </div>
      {open && (
        <div className="dialog-body">
          <p id={`${id}-text`}>{text}</p>
          <div className="card-actions">
            <Link ref={signup} className="button button-primary" to={`/signup?redirect=${back}`} data-testid="signup-popup-signup">{t('analysis.visitorSignup')}</Link>
            <Link className="button" to={`/login?redirect=${back}`} data-testid="signup-popup-login">{t('analysis.visitorLogin')}</Link>
            <button type="button" className="button" onClick={onClose}>{t('app.close')}</button>
          </div>
        </div>
      )}
    </dialog>
  );
}
