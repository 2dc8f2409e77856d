/** A new password with its strength meter, and its confirmation ('Passwords are not identical'). */
import { useTranslation } from 'react-i18next';
import type { PasswordUserInputs } from '@catchment/domain';
import { FormField } from './form-field.js';
import { PasswordStrengthMeter, preloadStrengthEstimator } from './password-strength-meter.js';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange(value: string): void;
  onConfirmationChange(value: string): void;
  errors: { password?: string | undefined; passwordConfirmation?: string | undefined };
  userInputs?: PasswordUserInputs;
  /** "Password" at sign-up, "New password" when changing it. */
  label?: string;
  autoFocus?: boolean;
}

export function NewPasswordFields({ password, confirmation, onPasswordChange, onConfirmationChange, errors, userInputs, label, autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={label ?? t('auth.password')} name="password" type="password" autoComplete="new-password" required autoFocus={autoFocus}
        hint={t('account.passwordHint')} value={password} onFocus={preloadStrengthEstimator}
        onChange={(event) => onPasswordChange(event.target.value)} error={errors.password}>
        <PasswordStrengthMeter password={password} userInputs={userInputs} />
      </FormField>
      <FormField label={t('auth.passwordConfirmation')} name="passwordConfirmation" type="password" autoComplete="new-password" required
        value={confirmation} onChange={(event) => onConfirmationChange(event.target.value)} error={errors.passwordConfirmation} />
    </>
  );
}
