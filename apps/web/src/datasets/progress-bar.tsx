/** A bar of how much of something long is done (an upload, an import), with its percentage said. */
import { useTranslation } from 'react-i18next';

interface ProgressBarProps {
  /** 0–1. */
  fraction: number;
  label: string;
  testId: string;
}

export function ProgressBar({ fraction, label, testId }: ProgressBarProps) {
  const { i18n } = useTranslation();
  const share = Math.min(1, Math.max(0, fraction));
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(share);
  return (
    <div className="progress" data-testid={testId} data-value={share.toFixed(3)}>
      <div className="progress-label"><span>{label}</span><span className="progress-percent" aria-hidden>{percent}</span></div>
      <div className="progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)} aria-valuetext={percent}>
        <div className="progress-fill" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
