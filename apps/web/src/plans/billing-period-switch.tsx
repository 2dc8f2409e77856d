/** Monthly or yearly (SPEC §9): the segmented switch of the plan comparison and of the order summary. */
import { useTranslation } from 'react-i18next';
import { BILLING_PERIODS, type BillingPeriod } from '@catchment/domain';

interface BillingPeriodSwitchProps {
  value: BillingPeriod;
  onChange(period: BillingPeriod): void;
  testId: string;
  className?: string;
  /** The group's name: a visible label's id, or else a text read by screen readers. */
  labelledBy?: string;
  label?: string;
}

export function BillingPeriodSwitch({ value, onChange, testId, className, labelledBy, label }: BillingPeriodSwitchProps) {
  const { t } = useTranslation();
  return (
    <div className={className ? `segmented ${className}` : 'segmented'} role="group" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label}
      data-testid={testId}>
      {BILLING_PERIODS.map((option) => (
        <button key={option} type="button" aria-pressed={value === option} data-period={option}
          className={value === option ? 'segmented-active' : undefined} onClick={() => onChange(option)}>
          {t(`billing.periods.${option}`)}
        </button>
      ))}
    </div>
  );
}
