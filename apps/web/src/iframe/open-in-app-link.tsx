/** The link from the embedded view to the map in the app, in a new tab (the app cannot run in a frame). */
import { useTranslation } from 'react-i18next';

export function OpenInAppLink({ accessId, className }: { accessId: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a className={className ?? 'embedded-open-link'} href={`/app/map/${encodeURIComponent(accessId)}`} target="_blank" rel="noopener" data-testid="embedded-open-link">
      {t('embed.openInApp', { app: t('app.name') })}
    </a>
  );
}
