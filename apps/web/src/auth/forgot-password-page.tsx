/**
 * /forgotpassword: asks for the account's e-mail and sends a link to choose a new password. The
 * answer is the same whether an account exists or not, so the page cannot tell who has one.
 */
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../api/account.js';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf, type FieldErrors } from '../api/field-errors.js';
import { useNoIndex, usePageTitle } from '../app/page-title.js';
import { FormField } from './form-field.js';
import './account.css';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle('titles.forgottenPassword');
  useNoIndex();
  // The login page passes what was typed there, so the user need not type it again.
  const location = useLocation();
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email ?? '');
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!email.trim()) {
      setFieldErrors({ email: t('validation.required') });
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) setMessage(error instanceof ApiError ? error.message : t('map.unknownError'));
    } finally {
      setPending(false);
    }
  };

  if (sentTo) {
    return (
      <main className="centered-page">
        <section className="card auth-card" aria-labelledby="forgot-title" data-testid="forgot-password-sent">
          <h1 id="forgot-title">{t('account.forgot.sentTitle')}</h1>
          <p role="status">{t('account.forgot.sentText', { email: sentTo })}</p>
          <p className="muted">{t('account.forgot.sentHelp')}</p>
          <div className="card-actions">
            <Link className="button button-primary" to="/login">{t('account.backToLogin')}</Link>
            <button type="button" className="button" onClick={() => setSentTo(null)}>{t('account.forgot.tryAgain')}</button>
          </div>
        </section>
      </main>
    );
  }

  return (
    <main className="centered-page">
      <form className="card auth-card" onSubmit={submit} noValidate aria-labelledby="forgot-title" data-testid="forgot-password-form">
        <h1 id="forgot-title">{t('titles.forgottenPassword')}</h1>
        <p className="muted">{t('account.forgot.intro')}</p>
        {message && <p className="form-error" role="alert" data-testid="form-error">{message}</p>}
        <FormField label={t('auth.email')} name="email" type="email" autoComplete="email" required autoFocus
          value={email} onChange={(event) => setEmail(event.target.value)} error={fieldErrors.email} />
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          {pending ? t('account.sending') : t('account.forgot.submit')}
        </button>
        <p className="auth-switch"><Link to="/login">{t('account.backToLogin')}</Link></p>
      </form>
    </main>
  );
}
