/** "Change your password" in the profile: the current one, the new one with its strength, its confirmation. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@catchment/domain';
import { changePassword } from '../api/account.js';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf, type FieldErrors } from '../api/field-errors.js';
import { FormField } from '../auth/form-field.js';
import { NewPasswordFields } from '../auth/new-password-fields.js';
import { PASSWORD_MIN_LENGTH } from '../auth/signup-steps.js';

export function PasswordChange({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  return (
    <section className="profile-section" aria-labelledby="password-title" data-testid="password-change">
      <h2 id="password-title">{t('titles.changePassword')}</h2>
      {done && !open && <p className="form-success" role="status" data-testid="password-changed">{t('profile.passwordChange.done')}</p>}
      {open ? (
        <PasswordForm user={user}
          onDone={() => { setOpen(false); setDone(true); requestAnimationFrame(() => openButton.current?.focus()); }}
          onCancel={() => { setOpen(false); requestAnimationFrame(() => openButton.current?.focus()); }} />
      ) : (
        <>
          <p className="muted">{t('profile.passwordChange.intro')}</p>
          <button ref={openButton} type="button" className="button" data-testid="password-change-button" onClick={() => { setDone(false); setOpen(true); }}>
            {t('profile.passwordChange.open')}
          </button>
        </>
      )}
    </section>
  );
}

function PasswordForm({ user, onDone, onCancel }: { user: User; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const found: FieldErrors = {};
    if (!currentPassword) found.currentPassword = t('validation.required');
    if (!password) found.password = t('validation.required');
    else if (password.length < PASSWORD_MIN_LENGTH) found.password = t('validation.passwordTooShort');
    if (confirmation !== password) found.passwordConfirmation = t('validation.passwordsDiffer');
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setPending(true);
    try {
      await changePassword(currentPassword, password);
      onDone();
    } catch (error) {
      setPending(false);
      const fields = fieldErrorsOf(error);
      if (error instanceof ApiError && error.code === 'WRONG_CURRENT_PASSWORD') showErrors({ currentPassword: error.message });
      else if (Object.keys(fields).length > 0) showErrors(fields);
      else setMessage(error instanceof ApiError ? error.message : t('profile.passwordChange.error'));
    }
  };

  const clear = (field: string) => { if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }) as FieldErrors); };
  return (
    <form ref={form} className="inline-panel" onSubmit={submit} noValidate aria-labelledby="password-title" data-testid="password-change-form">
      {message && <p className="form-error" role="alert" data-testid="form-error">{message}</p>}
      <FormField label={t('account.currentPassword')} name="currentPassword" type="password" autoComplete="current-password" required autoFocus
        value={currentPassword} onChange={(event) => { setCurrentPassword(event.target.value); clear('currentPassword'); }} error={errors.currentPassword} />
      <NewPasswordFields password={password} confirmation={confirmation} label={t('account.newPassword')}
        onPasswordChange={(value) => { setPassword(value); clear('password'); }}
        onConfirmationChange={(value) => { setConfirmation(value); clear('passwordConfirmation'); }}
        errors={errors} userInputs={{ email: user.email, firstName: user.firstName, lastName: user.lastName, company: user.company }} />
      <div className="inline-panel-actions">
        <button type="submit" className="button button-primary" disabled={pending} data-testid="password-change-submit">
          {pending ? t('account.saving') : t('profile.passwordChange.submit')}
        </button>
        <button type="button" className="button" onClick={onCancel}>{t('app.cancel')}</button>
      </div>
    </form>
  );
}
