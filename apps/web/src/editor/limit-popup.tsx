/**
 * The limit popup (SPEC §2): opened when a change would take the map past the plan's
 * areas-per-map limit, whether the editor stopped it before saving or the server refused it. It
 * says what the limit is and what the user can do now: delete areas (the layers panel takes the
 * focus), start another map, see the plans (paid plans have no limit: the plan comparison), or,
 * for a visitor, sign up. The same popup says the free plan's business searches are used up
 * (LimitDialog with kind 'searches'), with the way back to the user's search, and that a file of
 * own data does not fit in the plan's pins (kind 'pins', the import's INSUFFICIENT_STORAGE), with
 * the plan that would hold it.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cheapestPlanGranting, FEATURES, planDefinition, type Plan } from '@catchment/domain';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { AddPinPacksLink } from '../datasets/add-pin-packs-link.js';
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

/**
 * What a limit refused: an area past the areas per map, a business search past the free plan's
 * searches, or rows of own data past the plan's pins (`max`; `used` of them already, `adding` more
 * asked, `plan` the cheapest plan on sale that holds them all, if any, and `packs` the extra packs
 * of 10,000 pins that would, on a plan sold with packs).
 */
export type LimitReached =
  | { kind: 'areas' | 'searches'; max: number }
  | { kind: 'pins'; max: number; used: number; adding: number; plan: Plan | null; packs: number | null };

interface LimitDialogProps {
  refusal: LimitReached | null;
  visitor: boolean;
  onClose(): void;
  /** Where the user goes to make room (their areas, their search): run once the dialog has closed. */
  onManage(): void;
}

/** The limit popup itself, for areas (above) and for business searches (searches/search-limit.tsx). */
export function LimitDialog({ refusal, visitor, onClose, onManage }: LimitDialogProps) {
  const { t, i18n } = useTranslation();
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
  const pins = refusal?.kind === 'pins' ? refusal : null;
  // The plan of unlimited searches (the same in every country), which the comparison then highlights.
  const unlimitedSearches = FEATURES.poiCreateNoLimit('fr');
  const proPlan = cheapestPlanGranting(unlimitedSearches);
  const seePlans = () => {
    close();
    if (pins) openPlans(pins.plan ? { plan: pins.plan, feature: FEATURES.dataImport } : {});
    else openPlans(searches && proPlan ? { plan: proPlan, feature: unlimitedSearches } : {});
  };
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const manage = () => {
    afterClose.current = onManage;
    close();
  };

  return (
    <dialog {...dialog} className="dialog limit-popup" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="limit-popup"
      data-kind={refusal?.kind}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{pins ? t('limitPopup.pinsTitle') : t('limitPopup.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} onClick={close}>×</button>
      </div>
      {pins && (
        <div className="dialog-body">
          <p id={`${id}-text`}>{t('limitPopup.pinsText', { count: pins.max, pins: number(pins.max), used: number(pins.used), adding: number(pins.adding) })}</p>
          <p>{t('limitPopup.pinsOptions')}</p>
          <p className="panel-note" data-testid="limit-popup-plan">
            {pins.plan ? t('limitPopup.pinsPlans', { plan: t(`plans.${pins.plan}`), pins: number(planDefinition(pins.plan).pins) }) : pins.packs === null ? t('limitPopup.pinsNoPlan') : null}
          </p>
          <div className="card-actions">
            {pins.plan && <button type="button" className="button button-primary" onClick={seePlans} data-testid="limit-popup-plans">{t('planLock.seePlans')}</button>}
            {pins.packs !== null && <AddPinPacksLink packs={pins.packs} className="button" onClick={close} />}
            <button type="button" className={pins.plan ? 'button' : 'button button-primary'} onClick={manage} data-testid="limit-popup-manage">{t('limitPopup.managePins')}</button>
            <button type="button" className="button" onClick={close} data-testid="limit-popup-close">{t('app.close')}</button>
          </div>
        </div>
      )}
      {refusal && !pins && (
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
