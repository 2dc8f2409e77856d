/**
 * The limit popup (SPEC §2): opened when a change would take the map past the plan's
 * areas-per-map limit, whether the editor stopped it before saving or the server refused it. It
 * says what the limit is and what the user can do now: delete areas (the layers panel takes the
 * focus), start another map, see the plans (paid plans have no limit: the plan comparison), or,
 * for a visitor, sign up. The same popup says the free plan's business searches are used up
 * (LimitDialog with kind 'searches'), with the way back to the user's search.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cheapestPlanGranting, FEATURES } from '@catchment/domain';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { usePlansDialog } from '../plans/plans-dialog-context.js';
import { useEditorSnapshot } from './editor-context.js';

export function LimitPopup() {
  const { limitRefusal, isVisitor, store } = useEditorSnapshot();
  // Deleting areas happens in the layers panel: it comes into view with its search box focused.
  const manageAreas = () => {
    const panel = document.querySelector<HTMLElement>('[data-testid="layers-panel"]');
    panel?.scrollIntoView({ block: 'start' });
    panel?.querySelector<HTMLElement>('[data-testid="layers-search"]')?.focus();
  };
  return (
    <LimitDialog refusal={limitRefusal ? { kind: 'areas', max: limitRefusal.maxAreas } : null} visitor={isVisitor}
      onClose={() => store.dismissLimitRefusal()} onManage={manageAreas} />
  );
}

/** What a limit refused: an area past the areas per map, or a business search past the free plan's searches. */
export interface LimitReached { kind: 'areas' | 'searches'; max: number }

interface LimitDialogProps {
  refusal: LimitReached | null;
  visitor: boolean;
  onClose(): void;
  /** Where the user goes to make room (their areas, their search): run once the dialog has closed. */
  onManage(): void;
}

/** The limit popup itself, for areas (above) and for business searches (searches/search-limit.tsx). */
export function LimitDialog({ refusal, visitor, onClose, onManage }: LimitDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useModalDialog(refusal !== null, onClose);
  /** Run once the dialog has closed: closing gives the focus back to where it was before. */
  const afterClose = useRef<(() => void) | null>(null);

  // Declared after the dialog's own effect, so that the focus is back before the way chosen moves it.
  useEffect(() => {
    if (!refusal) {
      afterClose.current?.();
      afterClose.current = null;
    }
  }, [refusal]);

  // Unmounted while open (shown only while needed): the way chosen is taken all the same.
  useEffect(() => () => afterClose.current?.(), []);

  const openPlans = usePlansDialog();
  const close = onClose;
  const searches = refusal?.kind === 'searches';
  // The plan of unlimited searches (the same in every country), which the comparison then highlights.
  const unlimitedSearches = FEATURES.poiCreateNoLimit('fr');
  const proPlan = cheapestPlanGranting(unlimitedSearches);
  const seePlans = () => {
    close();
    openPlans(searches && proPlan ? { plan: proPlan, feature: unlimitedSearches } : {});
  };
  const manage = () => {
    afterClose.current = onManage;
    close();
  };

  return (
    <dialog {...dialog} className="dialog limit-popup" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="limit-popup"
      data-kind={refusal?.kind}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{t('limitPopup.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} onClick={close}>×</button>
      </div>
      {refusal && (
        <div className="dialog-body">
          <p id={`${id}-text`}>{searches ? t('limitPopup.searchesText', { count: refusal.max }) : t('limitPopup.text', { max: refusal.max })}</p>
          <p>{searches ? t('limitPopup.searchesOptions') : t('limitPopup.options')}</p>
          <p className="panel-note">
            {visitor ? t('limitPopup.visitor') : searches && proPlan ? t('limitPopup.searchesPlans', { plan: t(`plans.${proPlan}`) }) : t('limitPopup.plans')}
          </p>
          <div className="card-actions">
            <button type="button" className="button button-primary" onClick={manage} data-testid="limit-popup-manage">
              {searches ? t('limitPopup.manageSearches') : t('limitPopup.manage')}
            </button>
            <button type="button" className="button" onClick={seePlans} data-testid="limit-popup-plans">{t('planLock.seePlans')}</button>
            {visitor && <Link className="button" to="/signup" onClick={close}>{t('header.signup')}</Link>}
            <button type="button" className="button" onClick={close} data-testid="limit-popup-close">{t('app.close')}</button>
          </div>
        </div>
      )}
    </dialog>
  );
}
