/**
 * Sign-up as a stepper (SPEC §2: type/need, name/profile, login). Each step is a form: Enter or
 * Next checks its fields and moves on, Back keeps what was typed. The last step creates the
 * account with where the visitor came from (attribution.ts); an error the server finds takes the
 * user back to the step of its field. A notice then says to check the inbox, with a resend.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_KINDS, SIGNUP_NEEDS } from '@catchment/domain';
import { signup } from '../api/auth.js';
import { ApiError } from '../api/client.js';
import { fieldErrorsOf } from '../api/field-errors.js';
import { usePageTitle } from '../app/page-title.js';
import { useLocale } from '../i18n/index.js';
import { currentAttribution, forgetAttribution } from './attribution.js';
import { SECTORS } from './account-options.js';
import { countryOptions, defaultCountry } from './countries.js';
import { ChoiceGroup, FormField, SelectField } from './form-field.js';
import { NewPasswordFields } from './new-password-fields.js';
import { useAfterAuth } from './after-auth.js';
import { useVerificationNotice } from './verification-notice.js';
import {
  asksForCompany, EMPTY_DRAFT, SIGNUP_STEPS, signupBodyOf, stepErrors, stepOfField,
  type SignupDraft, type SignupField, type SignupStep,
} from './signup-steps.js';
import './account.css';

type Messages = Partial<Record<SignupField, string>>;

export function SignupPage() {
  const { t } = useTranslation();
  usePageTitle('titles.signup');
  const locale = useLocale();
  const [params] = useSearchParams();
  const afterAuth = useAfterAuth();
  const showVerificationNotice = useVerificationNotice();
  const form = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<SignupStep>('project');
  const [draft, setDraft] = useState<SignupDraft>(() => ({ ...EMPTY_DRAFT, country: defaultCountry(navigator.languages ?? [], locale) }));
  const [errors, setErrors] = useState<Messages>({});
  const [message, setMessage] = useState<{ text: string; alreadySignedUp: boolean } | null>(null);
  const [pending, setPending] = useState(false);

  const stepIndex = SIGNUP_STEPS.indexOf(step);
  const set = <K extends keyof SignupDraft>(key: K, value: SignupDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    // The message of a field goes once the user changes it.
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  /** Shows the messages and puts the focus on the first field in error once it is drawn. */
  const showErrors = (messages: Messages) => {
    setErrors(messages);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const goTo = (next: SignupStep) => {
    setErrors({});
    setMessage(null);
    setStep(next);
  };

  const create = async () => {
    setPending(true);
    setMessage(null);
    try {
      const user = await signup(signupBodyOf(draft, currentAttribution()));
      forgetAttribution();
      showVerificationNotice(user.email);
      await afterAuth(user, params.get('redirect'));
    } catch (error) {
      setPending(false);
      const fields = fieldErrorsOf(error) as Messages;
      const firstStep = SIGNUP_STEPS.find((candidate) => Object.keys(fields).some((field) => stepOfField(field) === candidate));
      if (firstStep) {
        setStep(firstStep);
        showErrors(fields);
        return;
      }
      setMessage({
        text: error instanceof ApiError ? error.message : t('map.unknownError'),
        alreadySignedUp: error instanceof ApiError && error.code === 'ALREADY_SIGNED_UP',
      });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = stepErrors(step, draft);
    if (Object.keys(found).length > 0) {
      showErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])) as Messages);
      return;
    }
    const next = SIGNUP_STEPS[stepIndex + 1];
    if (next) goTo(next);
    else void create();
  };

  const loginHref = params.get('redirect') ? `/login?redirect=${encodeURIComponent(params.get('redirect')!)}` : '/login';
  return (
    <main className="centered-page">
      <form ref={form} className="card auth-card signup-card" onSubmit={submit} noValidate aria-labelledby="signup-title" data-testid="signup-form" data-step={step}>
        <h1 id="signup-title">{t('auth.signupTitle')}</h1>
        <ol className="stepper" aria-label={t('signup.progress')}>
          {SIGNUP_STEPS.map((candidate, index) => (
            <li key={candidate} className={`stepper-step${index < stepIndex ? ' stepper-done' : ''}`} aria-current={candidate === step ? 'step' : undefined}>
              {index < stepIndex ? (
                <button type="button" className="stepper-button" onClick={() => goTo(candidate)}>
                  <span className="stepper-number" aria-hidden="true">✓</span>
                  <span className="stepper-label">{t(`signup.steps.${candidate}`)}</span>
                </button>
              ) : (
                <span className="stepper-button">
                  <span className="stepper-number" aria-hidden="true">{index + 1}</span>
                  <span className="stepper-label">{t(`signup.steps.${candidate}`)}</span>
                </span>
              )}
            </li>
          ))}
        </ol>
        <h2 className="step-title" data-testid="signup-step-title">
          <span className="visually-hidden">{t('signup.stepOf', { step: stepIndex + 1, steps: SIGNUP_STEPS.length })} </span>
          {t(`signup.titles.${step}`)}
        </h2>
        {message && (
          <p className="form-error" role="alert" data-testid="form-error">
            {message.text}
            {message.alreadySignedUp && <> <Link to="/login">{t('auth.loginSubmit')}</Link> · <Link to="/forgotpassword">{t('auth.forgotPassword')}</Link></>}
          </p>
        )}

        {step === 'project' && (
          <>
            <ChoiceGroup legend={t('signup.kindLegend')} name="kind" value={draft.kind} autoFocus error={errors.kind}
              options={ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t(`signup.kinds.${kind}`) }))}
              onChange={(value) => set('kind', value as SignupDraft['kind'])} />
            <ChoiceGroup legend={t('signup.needLegend')} name="need" value={draft.need} error={errors.need}
              options={SIGNUP_NEEDS.map((need) => ({ value: need, label: t(`signup.needs.${need}`) }))}
              onChange={(value) => set('need', value as SignupDraft['need'])} />
          </>
        )}

        {step === 'profile' && (
          <>
            <div className="field-row">
              <FormField label={t('auth.firstName')} name="firstName" autoComplete="given-name" required autoFocus
                value={draft.firstName} onChange={(event) => set('firstName', event.target.value)} error={errors.firstName} />
              <FormField label={t('auth.lastName')} name="lastName" autoComplete="family-name" required
                value={draft.lastName} onChange={(event) => set('lastName', event.target.value)} error={errors.lastName} />
            </div>
            {draft.kind !== 'individual' && (
              <FormField label={asksForCompany(draft.kind) ? t('auth.company') : t('account.optional', { label: t('auth.company') })}
                name="company" autoComplete="organization" required={asksForCompany(draft.kind)}
                value={draft.company} onChange={(event) => set('company', event.target.value)} error={errors.company} />
            )}
            <SelectField label={t('account.optional', { label: t('profile.companySector') })} name="companySector" value={draft.companySector}
              placeholder={t('account.choose')} error={errors.companySector}
              options={SECTORS.map((sector) => ({ value: sector, label: t(`account.sectors.${sector}`) }))}
              onChange={(event) => set('companySector', event.target.value)} />
            <div className="field-row">
              <FormField label={t('account.optional', { label: t('profile.phone') })} name="phone" type="tel" autoComplete="tel"
                value={draft.phone} onChange={(event) => set('phone', event.target.value)} error={errors.phone} />
              <SelectField label={t('profile.country')} name="country" autoComplete="country" value={draft.country} error={errors.country}
                options={countryOptions(locale).map((country) => ({ value: country.code, label: country.name }))}
                onChange={(event) => set('country', event.target.value)} />
            </div>
          </>
        )}

        {step === 'login' && (
          <>
            <FormField label={t('auth.email')} name="email" type="email" autoComplete="email" required autoFocus
              value={draft.email} onChange={(event) => set('email', event.target.value)} error={errors.email} />
            <NewPasswordFields password={draft.password} confirmation={draft.passwordConfirmation}
              onPasswordChange={(value) => set('password', value)} onConfirmationChange={(value) => set('passwordConfirmation', value)}
              errors={errors} userInputs={{ email: draft.email, firstName: draft.firstName, lastName: draft.lastName, company: draft.company }} />
            <div className={`field field-checkbox${errors.acceptTerms ? ' field-invalid' : ''}`}>
              <label>
                <input type="checkbox" name="acceptTerms" checked={draft.acceptTerms}
                  aria-invalid={errors.acceptTerms ? true : undefined}
                  aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
                  onChange={(event) => set('acceptTerms', event.target.checked)} />
                <span>{t('auth.acceptTerms')}</span>
              </label>
              {errors.acceptTerms && <p id="accept-terms-error" className="field-error">{errors.acceptTerms}</p>}
            </div>
          </>
        )}

        <div className="stepper-actions">
          {stepIndex > 0 && (
            <button type="button" className="button" data-testid="signup-back" onClick={() => goTo(SIGNUP_STEPS[stepIndex - 1]!)} disabled={pending}>
              {t('signup.back')}
            </button>
          )}
          <button type="submit" className="button button-primary" data-testid="signup-next" disabled={pending}>
            {step === 'login' ? (pending ? t('auth.signingUp') : t('auth.signupSubmit')) : t('signup.next')}
          </button>
        </div>
        <p className="auth-switch">
          {t('auth.haveAccount')} <Link to={loginHref}>{t('auth.loginSubmit')}</Link>
        </p>
      </form>
    </main>
  );
}
