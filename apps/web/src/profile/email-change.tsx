/**
 * The account's e-mail and its change (SPEC §5: the current password is confirmed first): the
 * password, then the new address, to which a confirmation link is sent; the address changes once
 * the link is followed (/verify-email?emailChange=).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@catchment/domain';
import { confirmCurrentPassword, requestEmailChange } from '../api/account.js';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf } from '../api/field-errors.js';
import { FormField } from '../auth/form-field.js';

type Stage = { step: 'closed' } | { step: 'password'; notice?: string } | { step: 'email' } | { step: 'sent'; email: string };

export function EmailChange({ user }: { user: User }) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ step: 'closed' });
  const changeButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setStage({ step: 'closed' });
    requestAnimationFrame(() => changeButton.current?.focus());
  };

  return (
    <div className="email-change" data-testid="email-change">
      <div className="profile-fact profile-email">
        <span className="profile-fact-label">{t('auth.email')}</span>
        <span className="profile-email-value">
          <span data-testid="profile-email">{user.email}</span>
          {user.emailVerified
            ? <span className="badge badge-success" data-testid="email-verified-badge">{t('profile.emailVerified')}</span>
            : <span className="badge badge-warning">{t('profile.emailNotVerified')}</span>}
        </span>
        {stage.step === 'closed' && (
          <button ref={changeButton} type="button" className="button button-small" data-testid="email-change-button"
            onClick={() => setStage({ step: 'password' })}>
            {t('profile.change')}
          </button>
        )}
      </div>
      {stage.step === 'password' && <PasswordStep notice={stage.notice} onConfirmed={() => setStage({ step: 'email' })} onCancel={close} />}
      {stage.step === 'email' && (
        <NewEmailStep onSent={(email) => setStage({ step: 'sent', email })} onCancel={close}
          onPasswordNeeded={(notice) => setStage({ step: 'password', notice })} />
      )}
      {stage.step === 'sent' && (
        <div className="inline-panel" role="status" data-testid="email-change-sent">
          <p>{t('profile.emailChange.sent', { email: stage.email })}</p>
          <button type="button" className="button button-small" onClick={close}>{t('app.close')}</button>
        </div>
      )}
    </div>
  );
}

/** The confirmation lasts minutes on the server: coming back later, the password is asked again (`notice` says why). */
function PasswordStep({ notice, onConfirmed, onCancel }: { notice: string | undefined; onConfirmed(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('validation.required'));
      return;
    }
    setPending(true);
    try {
      await confirmCurrentPassword(password);
      onConfirmed();
    } catch (caught) {
      setPending(false);
      setError(fieldErrorsOf(caught).password ?? (caught instanceof ApiError ? caught.message : t('map.unknownError')));
    }
  };

  return (
    <form className="inline-panel" onSubmit={submit} noValidate aria-labelledby="email-change-title" data-testid="email-change-password">
      <h3 id="email-change-title">{t('titles.changeEmail')}</h3>
      {notice ? <p className="form-error" role="alert">{notice}</p> : <p className="muted">{t('profile.emailChange.passwordIntro')}</p>}
      <FormField label={t('account.currentPassword')} name="currentPassword" type="password" autoComplete="current-password" required autoFocus
        value={password} onChange={(event) => { setPassword(event.target.value); setError(undefined); }} error={error} />
      <div className="inline-panel-actions">
        <button type="submit" className="button button-primary" disabled={pending}>{pending ? t('account.checking') : t('signup.next')}</button>
        <button type="button" className="button" onClick={onCancel}>{t('app.cancel')}</button>
      </div>
    </form>
  );
}

interface NewEmailStepProps {
  onSent(email: string): void;
  onCancel(): void;
  onPasswordNeeded(notice: string): void;
}

function NewEmailStep({ onSent, onCancel, onPasswordNeeded }: NewEmailStepProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) {
      setError(t('validation.required'));
      return;
    }
    setPending(true);
    try {
      await requestEmailChange(typed);
      onSent(typed);
    } catch (caught) {
      setPending(false);
      if (caught instanceof ApiError && caught.code === 'PASSWORD_CONFIRMATION_REQUIRED') {
        onPasswordNeeded(caught.message);
        return;
      }
      setError(fieldErrorsOf(caught).email ?? (caught instanceof ApiError ? caught.message : t('map.unknownError')));
    }
  };

  return (
    <form className="inline-panel" onSubmit={submit} noValidate aria-labelledby="email-change-title" data-testid="email-change-email">
      <h3 id="email-change-title">{t('titles.changeEmail')}</h3>
      <FormField label={t('profile.emailChange.newEmail')} name="newEmail" type="email" autoComplete="email" required autoFocus
        hint={t('profile.emailChange.emailIntro')}
        value={email} onChange={(event) => { setEmail(event.target.value); setError(undefined); }} error={error} />
      <div className="inline-panel-actions">
        <button type="submit" className="button button-primary" disabled={pending}>{pending ? t('account.sending') : t('profile.emailChange.send')}</button>
        <button type="button" className="button" onClick={onCancel}>{t('app.cancel')}</button>
      </div>
    </form>
  );
}
