/** The header's count of completed downloads not downloaded yet (nothing when there are none). */
import { useTranslation } from 'react-i18next';
import './downloads.css';

export function DownloadsBadge({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span className="downloads-badge" data-testid={testId} data-count={count} title={t('header.downloadsReady', { count })}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('header.downloadsReady', { count })}</span>
    </span>
  );
}
