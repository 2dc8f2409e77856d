import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { login } from '../api/auth.js';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf, type FieldErrors } from '../api/field-errors.js';
import { usePageTitle } from '../app/page-title.js';
import { FormField } from './form-field.js';
import { useAfterAuth } from './after-auth.js';
import './account.css';

/** Notices another page leaves for the login page (in the navigation's state). */
export type LoginNotice = 'passwordReset' | 'loggedOutEverywhere' | 'passwordChanged';

export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle('titles.login');
  const [params] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { notice?: LoginNotice } | null)?.notice;
  const afterAuth = useAfterAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setMessage(null);
    setFieldErrors({});
    try {
      const user = await login({ email, password });
      await afterAuth(user, params.get('redirect'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) setMessage(error instanceof ApiError ? error.message : t('map.unknownError'));
      setPending(false);
    }
  };

  const signupHref = params.get('redirect') ? `/signup?redirect=${encodeURIComponent(params.get('redirect')!)}` : '/signup';
  return (
    <main className="centered-page">
      <form className="card auth-card" onSubmit={submit} noValidate aria-labelledby="login-title" data-testid="login-form">
        <h1 id="login-title">{t('auth.loginTitle')}</h1>
        {notice && !message && <p className="form-success" role="status" data-testid="login-notice">{t(`account.loginNotices.${notice}`)}</p>}
        {message && <p className="form-error" role="alert" data-testid="form-error">{message}</p>}
        <FormField label={t('auth.email')} name="email" type="email" autoComplete="email" required autoFocus
          value={email} onChange={(event) => setEmail(event.target.value)} error={fieldErrors.email} />
        <FormField label={t('auth.password')} name="password" type="password" autoComplete="current-password" required
          value={password} onChange={(event) => setPassword(event.target.value)} error={fieldErrors.password} />
        <p className="forgot-link">
          <Link to="/forgotpassword" state={{ email }} data-testid="forgot-password-link">{t('auth.forgotPassword')}</Link>
        </p>
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          {pending ? t('auth.loggingIn') : t('auth.loginSubmit')}
        </button>
        <p className="auth-switch">
          {t('auth.noAccount')} <Link to={signupHref}>{t('auth.createAccount')}</Link>
        </p>
      </form>
    </main>
  );
}
