/**
 * The signup popup (SPEC §2): a visitor did something only an account keeps (saving a business
 * search): what the account gives, and the ways to sign up or log in, coming back here after.
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useModalDialog } from '../app/use-modal-dialog.js';

interface SignupPopupProps {
  open: boolean;
  title: string;
  text: string;
  onClose(): void;
}

export function SignupPopup({ open, title, text, onClose }: SignupPopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const signup = useRef<HTMLAnchorElement>(null);
  const dialog = useModalDialog(open, onClose, { initialFocus: signup });
  const location = useLocation();
  const back = encodeURIComponent(location.pathname + location.search);

  return (
    <dialog {...dialog} className="dialog signup-popup" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="signup-popup">
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
