/**
 * The share dialog (SPEC §1, §2): the map's link, who can open it, its members and the code that
 * embeds it in a website. The owner changes who can open it and the members; a member sees them
 * and may leave the map; anyone else reading a public map gets the link and the embed code only.
 */
import { useTranslation } from 'react-i18next';
import type { MapDocument } from '@catchment/domain';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { useSession } from '../auth/use-session.js';
import { CopyableText } from './copyable-text.js';
import { EmbedSection } from './embed-section.js';
import { MembersSection } from './members-section.js';
import { shareRole } from './share-role.js';
import { useShareUrls } from './share-urls.js';
import { VisibilityChoice, VisibilityStatus } from './visibility-choice.js';
import './sharing.css';

interface ShareDialogProps { map: MapDocument; open: boolean; onClose(): void }

export function ShareDialog({ map, open, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open, onClose);

  return (
    <dialog {...dialog} className="dialog share-dialog" aria-labelledby="share-dialog-title" data-testid="share-dialog">
      <div className="dialog-header">
        <h2 id="share-dialog-title">{t('share.title', { title: map.title })}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} onClick={onClose} data-testid="share-close">×</button>
      </div>
      {open && <ShareDialogBody map={map} />}
    </dialog>
  );
}

function ShareDialogBody({ map }: { map: MapDocument }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { mapUrl, embedUrl } = useShareUrls(map.accessId);
  const role = shareRole(map, user?.id);

  return (
    <div className="dialog-body share-dialog-body">
      <section className="share-section" data-testid="share-link">
        <h3 className="share-section-title">{t('share.link.title')}</h3>
        <CopyableText text={mapUrl} label={t('share.link.title')} copyLabel={t('share.link.copy')} testId="share-link-url" />
        <p className="share-note muted" data-testid="share-link-note">{map.public ? t('share.link.public') : t('share.link.private')}</p>
      </section>
      {role === 'owner' ? <VisibilityChoice map={map} /> : <VisibilityStatus isPublic={map.public} />}
      {role !== 'reader' && <MembersSection mapId={map.id} isPublic={map.public} manage={role === 'owner'} userId={user?.id} />}
      <EmbedSection embedUrl={embedUrl} title={map.title} isPublic={map.public} />
    </div>
  );
}
