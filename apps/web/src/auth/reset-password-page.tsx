/**
 * /resetpassword?token=: the page of the link the forgotten-password e-mail holds. The user picks
 * a new password (with the strength meter and its confirmation), then logs in with it.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../api/account.js';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf, type FieldErrors } from '../api/field-errors.js';
import { useNoIndex, usePageTitle } from '../app/page-title.js';
import { NewPasswordFields } from './new-password-fields.js';
import { PASSWORD_MIN_LENGTH } from './signup-steps.js';
import { useSetSessionUser } from './use-session.js';
import './account.css';

/** What the login page says when it opens after a reset. */
export const PASSWORD_RESET_NOTICE = 'passwordReset';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle('titles.forgottenPassword');
  useNoIndex();
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const linkProblem = token ? refusal : t('account.reset.invalidLink');
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const errors: FieldErrors = {};
    if (!password) errors.password = t('validation.required');
    else if (password.length < PASSWORD_MIN_LENGTH) errors.password = t('validation.passwordTooShort');
    if (confirmation !== password) errors.passwordConfirmation = t('validation.passwordsDiffer');
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setPending(true);
    try {
      await resetPassword(token, password);
      // The reset ended every session of the account, this browser's too if it had one.
      setSessionUser(null);
      navigate('/login', { replace: true, state: { notice: PASSWORD_RESET_NOTICE } });
    } catch (error) {
      setPending(false);
      const fields = fieldErrorsOf(error);
      if (fields.password) {
        setFieldErrors({ password: fields.password });
        return;
      }
      if (error instanceof ApiError && (error.code === 'TOKEN_EXPIRED' || error.code === 'TOKEN_INVALID' || fields.token)) {
        setRefusal(error.code === 'TOKEN_EXPIRED' ? error.message : fields.token ?? error.message);
        return;
      }
      setMessage(error instanceof ApiError ? error.message : t('map.unknownError'));
    }
  };

  if (linkProblem) {
    return (
      <main className="centered-page">
        <section className="card auth-card" aria-labelledby="reset-title" data-testid="reset-password-link-problem">
          <h1 id="reset-title">{t('titles.forgottenPassword')}</h1>
          <p className="form-error" role="alert">{linkProblem}</p>
          <p className="muted">{t('account.reset.askAgain')}</p>
          <div className="card-actions">
            <Link className="button button-primary" to="/forgotpassword">{t('account.reset.newLink')}</Link>
            <Link className="button" to="/login">{t('account.backToLogin')}</Link>
          </div>
        </section>
      </main>
    );
  }

  return (
    <main className="centered-page">
      <form className="card auth-card" onSubmit={submit} noValidate aria-labelledby="reset-title" data-testid="reset-password-form">
        <h1 id="reset-title">{t('account.reset.title')}</h1>
        <p className="muted">{t('account.reset.intro')}</p>
        {message && <p className="form-error" role="alert" data-testid="form-error">{message}</p>}
        <NewPasswordFields password={password} confirmation={confirmation} label={t('account.newPassword')} autoFocus
          onPasswordChange={setPassword} onConfirmationChange={setConfirmation} errors={fieldErrors} />
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          {pending ? t('account.saving') : t('account.reset.submit')}
        </button>
      </form>
    </main>
  );
}
