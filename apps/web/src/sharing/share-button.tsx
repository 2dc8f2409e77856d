/** The map screen's Share button, beside the map's title: opens the share dialog of the map shown. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapDocument } from '@catchment/domain';
import { ShareDialog } from './share-dialog.js';

export function ShareButton({ map }: { map: MapDocument }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-small share-button" aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="share-button">
        <ShareIcon />
        {t('share.open')}
      </button>
      <ShareDialog map={map} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ShareIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M8.6 13.5l6.8 4 M15.4 6.5l-6.8 4" />
    </svg>
  );
}
