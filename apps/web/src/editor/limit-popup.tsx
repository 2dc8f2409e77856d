/**
 * The limit popup (SPEC §2): opened when a change would take the map past the plan's
 * areas-per-map limit, whether the editor stopped it before saving or the server refused it. It
 * says what the limit is and what the user can do now: delete areas (the layers panel takes the
 * focus), start another map, see the plans (paid plans have no limit: the plan comparison), or,
 * for a visitor, sign up.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { useEditorSnapshot } from './editor-context.js';

export function LimitPopup() {
  const { t } = useTranslation();
  const id = useId();
  const { limitRefusal, isVisitor, store } = useEditorSnapshot();
  const dialog = useRef<HTMLDialogElement>(null);
  /** Run once the dialog has closed: closing gives the focus back to where it was before. */
  const afterClose = useRef<(() => void) | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (limitRefusal && !element.open) element.showModal();
    if (!limitRefusal && element.open) element.close();
    if (!limitRefusal) {
      afterClose.current?.();
      afterClose.current = null;
    }
  }, [limitRefusal]);

  const openPlans = usePlansDialog();
  const close = () => store.dismissLimitRefusal();
  const seePlans = () => {
    close();
    openPlans({});
  };
  // Deleting areas happens in the layers panel: it comes into view with its search box focused.
  const manageAreas = () => {
    afterClose.current = () => {
      const panel = document.querySelector<HTMLElement>('[data-testid="layers-panel"]');
      panel?.scrollIntoView({ block: 'start' });
      panel?.querySelector<HTMLElement>('[data-testid="layers-search"]')?.focus();
    };
    close();
  };

  return (
    <dialog ref={dialog} className="dialog limit-popup" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="limit-popup"
      onClose={close} onClick={(event) => { if (event.target === dialog.current) close(); }}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{t('limitPopup.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} onClick={close}>×</button>
      </div>
      {limitRefusal && (
        <div className="dialog-body">
          <p id={`${id}-text`}>{t('limitPopup.text', { max: limitRefusal.maxAreas })}</p>
          <p>{t('limitPopup.options')}</p>
          <p className="panel-note">{isVisitor ? t('limitPopup.visitor') : t('limitPopup.plans')}</p>
          <div className="card-actions">
            <button type="button" className="button button-primary" onClick={manageAreas} data-testid="limit-popup-manage">
              {t('limitPopup.manage')}
            </button>
            <button type="button" className="button" onClick={seePlans} data-testid="limit-popup-plans">{t('planLock.seePlans')}</button>
            {isVisitor && <Link className="button" to="/signup" onClick={close}>{t('header.signup')}</Link>}
            <button type="button" className="button" onClick={close} data-testid="limit-popup-close">{t('app.close')}</button>
          </div>
        </div>
      )}
    </dialog>
  );
}
