/**
 * How hard the password being typed is to guess (SPEC §5: weak, fair, strong), estimated by the
 * domain's estimator with the user's own details counted as guessable. The estimator and its
 * dictionaries load on first use, in a chunk of their own, so pages without a password field do
 * not fetch them.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordStrength, preloadPasswordStrength, type PasswordStrength, type PasswordUserInputs } from '@catchment/domain';
import { useDebouncedValue } from '../app/use-debounced-value.js';

/** Starts fetching the estimator (when a password field gets the focus), so the first estimate is quick. */
export function preloadStrengthEstimator(): void {
  void preloadPasswordStrength();
}

interface PasswordStrengthMeterProps {
  password: string;
  userInputs?: PasswordUserInputs;
}

export function PasswordStrengthMeter({ password, userInputs = {} }: PasswordStrengthMeterProps) {
  const { t } = useTranslation();
  const typed = useDebouncedValue(password, 120);
  const [estimate, setEstimate] = useState<{ password: string; strength: PasswordStrength } | null>(null);
  const { email, firstName, lastName, company } = userInputs;

  useEffect(() => {
    if (!typed) return;
    let current = true;
    passwordStrength(typed, { email, firstName, lastName, company })
      .then((strength) => { if (current) setEstimate({ password: typed, strength }); })
      .catch(() => { if (current) setEstimate(null); });
    return () => { current = false; };
  }, [typed, email, firstName, lastName, company]);

  if (!password) return null;
  // Until the estimate of what is typed now arrives, the last one stays, dimmed.
  const strength = estimate?.strength;
  const settled = estimate?.password === password;
  return (
    <div className={`strength-meter${settled ? '' : ' strength-pending'}`} data-testid="password-strength"
      data-strength={settled && strength ? strength : 'pending'}>
      <div className="strength-bar" aria-hidden="true">
        <span className={strength ? 'strength-on' : ''} />
        <span className={strength === 'fair' || strength === 'strong' ? 'strength-on' : ''} />
        <span className={strength === 'strong' ? 'strength-on' : ''} />
      </div>
      <p className="strength-label" aria-live="polite">
        {strength ? t('account.strength.label', { strength: t(`account.strength.${strength}`) }) : t('account.strength.estimating')}
      </p>
    </div>
  );
}
