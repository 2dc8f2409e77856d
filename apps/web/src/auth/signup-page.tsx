import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signup } from '../api/auth.js';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf, type FieldErrors } from '../api/field-errors.js';
import { usePageTitle } from '../app/page-title.js';
import { FormField } from './form-field.js';
import { useAfterAuth } from './after-auth.js';

interface SignupForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
}

const EMPTY_FORM: SignupForm = { firstName: '', lastName: '', email: '', password: '', passwordConfirmation: '', acceptTerms: false };

export function SignupPage() {
  const { t } = useTranslation();
  usePageTitle('titles.signup');
  const [params] = useSearchParams();
  const afterAuth = useAfterAuth();
  const [form, setForm] = useState<SignupForm>(EMPTY_FORM);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const set = <K extends keyof SignupForm>(key: K, value: SignupForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (form.password !== form.passwordConfirmation) {
      setFieldErrors({ passwordConfirmation: t('validation.passwordsDiffer') });
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      const { passwordConfirmation: _confirmation, ...body } = form;
      // The terms box is sent as ticked or not: the server owns the rule and its wording.
      const user = await signup({ ...body, acceptTerms: body.acceptTerms as true, firstPageSeen: window.location.pathname });
      await afterAuth(user, params.get('redirect'));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) setMessage(error instanceof ApiError ? error.message : t('map.unknownError'));
      setPending(false);
    }
  };

  const loginHref = params.get('redirect') ? `/login?redirect=${encodeURIComponent(params.get('redirect')!)}` : '/login';
  return (
    <main className="centered-page">
      <form className="card auth-card" onSubmit={submit} noValidate aria-labelledby="signup-title" data-testid="signup-form">
        <h1 id="signup-title">{t('auth.signupTitle')}</h1>
        <p className="muted">{t('auth.signupIntro')}</p>
        {message && <p className="form-error" role="alert" data-testid="form-error">{message}</p>}
        <div className="field-row">
          <FormField label={t('auth.firstName')} name="firstName" autoComplete="given-name" required autoFocus
            value={form.firstName} onChange={(event) => set('firstName', event.target.value)} error={fieldErrors.firstName} />
          <FormField label={t('auth.lastName')} name="lastName" autoComplete="family-name" required
            value={form.lastName} onChange={(event) => set('lastName', event.target.value)} error={fieldErrors.lastName} />
        </div>
        <FormField label={t('auth.email')} name="email" type="email" autoComplete="email" required
          value={form.email} onChange={(event) => set('email', event.target.value)} error={fieldErrors.email} />
        <FormField label={t('auth.password')} name="password" type="password" autoComplete="new-password" required
          value={form.password} onChange={(event) => set('password', event.target.value)} error={fieldErrors.password} />
        <FormField label={t('auth.passwordConfirmation')} name="passwordConfirmation" type="password" autoComplete="new-password" required
          value={form.passwordConfirmation} onChange={(event) => set('passwordConfirmation', event.target.value)}
          error={fieldErrors.passwordConfirmation} />
        <div className={`field field-checkbox${fieldErrors.acceptTerms ? ' field-invalid' : ''}`}>
          <label>
            <input type="checkbox" name="acceptTerms" checked={form.acceptTerms}
              aria-invalid={fieldErrors.acceptTerms ? true : undefined}
              aria-describedby={fieldErrors.acceptTerms ? 'accept-terms-error' : undefined}
              onChange={(event) => set('acceptTerms', event.target.checked)} />
            <span>{t('auth.acceptTerms')}</span>
          </label>
          {fieldErrors.acceptTerms && <p id="accept-terms-error" className="field-error">{fieldErrors.acceptTerms}</p>}
        </div>
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          {pending ? t('auth.signingUp') : t('auth.signupSubmit')}
        </button>
        <p className="auth-switch">
          {t('auth.haveAccount')} <Link to={loginHref}>{t('auth.loginSubmit')}</Link>
        </p>
      </form>
    </main>
  );
}
