/**
 * The plan in the account menus (the header's, and the phone's one menu): the plan's name, and
 * the way to the plan comparison — "Upgrade" on the free plan, "See plans" on a paid one.
 */
import { useTranslation } from 'react-i18next';
import type { User } from '@catchment/domain';
import { planAccessOf } from './plan-access.js';
import { usePlansDialog } from './plans-dialog-context.js';

export function PlanName({ user }: { user: User }) {
  const { t } = useTranslation();
  const { plan } = planAccessOf(user);
  return <span className="menu-plan" data-testid="current-plan" data-plan={plan.id}>{t('planMenu.plan', { plan: t(`plans.${plan.id}`) })}</span>;
}

/** The menu entry opening the comparison; `onChosen` closes the menu first. */
export function PlansMenuItem({ user, role, onChosen }: { user: User; role?: 'menuitem'; onChosen(): void }) {
  const { t } = useTranslation();
  const openPlans = usePlansDialog();
  const free = planAccessOf(user).plan.tier === 'free';
  return (
    <button role={role} type="button" className={free ? 'menu-item menu-item-upgrade' : 'menu-item'} data-testid="plans-menu-item"
      onClick={() => { onChosen(); openPlans({}); }}>
      {free ? t('planMenu.upgrade') : t('planMenu.seePlans')}
    </button>
  );
}

/** The plan's name beside the user's in the header's account button (the menu says it in full). */
export function PlanChip({ user }: { user: User }) {
  const { t } = useTranslation();
  const { plan } = planAccessOf(user);
  return <span className={plan.tier === 'free' ? 'plan-chip' : 'plan-chip plan-chip-paid'} data-testid="plan-chip">{t(`plans.${plan.id}`)}</span>;
}
