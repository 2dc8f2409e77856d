/**
 * The free plan's notice (SPEC §2: "a limit popup appears on the first area or the first search
 * for free users"): a friendly word, once, on what the free plan allows — from the catalogue — and
 * which plans open the rest, with "See plans" and "Continue". The moment it follows (the first
 * area, the first search) gives its title; whoever shows it decides when (plan-notices.ts).
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cheapestPlanGranting, FEATURES, PLAN_CATALOGUE } from '@catchment/domain';
import { useModalDialog } from '../app/use-modal-dialog.js';
import type { PlanNotice } from './plan-notices.js';
import { usePlansDialog } from './plans-dialog-context.js';
import './plans.css';

interface FreePlanNoticeProps {
  moment: PlanNotice;
  open: boolean;
  onClose(): void;
}

export function FreePlanNotice({ moment, open, onClose }: FreePlanNoticeProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const continueButton = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, onClose, { initialFocus: continueButton });
  const openPlans = usePlansDialog();

  const free = PLAN_CATALOGUE.default;
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  // Which plans open the analysis tabs (null only if no plan on sale did).
  const censusPlan = cheapestPlanGranting(FEATURES.census('fr'));
  const divisionsPlan = cheapestPlanGranting(FEATURES.divisions('fr'));
  const seePlans = () => {
    onClose();
    openPlans({});
  };

  return (
    <dialog {...dialog} className="dialog free-plan-notice" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}
      data-testid="free-plan-notice" data-moment={moment}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{t(`freePlanNotice.title.${moment}`)}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} onClick={onClose}>×</button>
      </div>
      {open && (
        <div className="dialog-body">
          <p id={`${id}-text`}>{t('freePlanNotice.intro')}</p>
          <ul className="free-plan-allows">
            {free.maxAreasPerMap !== null && <li>{t('freePlanNotice.areas', { count: free.maxAreasPerMap, formatted: count(free.maxAreasPerMap) })}</li>}
            {free.maxSearches !== null && <li>{t('freePlanNotice.searches', { count: free.maxSearches, formatted: count(free.maxSearches) })}</li>}
            <li>{t('freePlanNotice.pins', { count: free.pins, formatted: count(free.pins) })}</li>
          </ul>
          {censusPlan && divisionsPlan && (
            <p>{t('freePlanNotice.more', { census: t(`plans.${censusPlan}`), divisions: t(`plans.${divisionsPlan}`) })}</p>
          )}
          <div className="card-actions">
            <button ref={continueButton} type="button" className="button button-primary" data-testid="free-plan-notice-continue" onClick={onClose}>
              {t('freePlanNotice.continue')}
            </button>
            <button type="button" className="button" data-testid="free-plan-notice-plans" onClick={seePlans}>{t('planLock.seePlans')}</button>
          </div>
        </div>
      )}
    </dialog>
  );
}
