/**
 * Locks (SPEC §6 gating): what the user's plan does not include is shown, never silently missing
 * or failing. A locked tab carries a lock and the name of the plan that opens it; its content says
 * what it gives and offers the plan comparison on that plan (a visitor is offered to sign up); a
 * locked action is a button that opens the comparison instead of acting.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Plan } from '@catchment/domain';
import type { FeatureTopic } from './feature-topics.js';
import { usePlansDialog } from './plans-dialog-context.js';
import './plans.css';

export function LockIcon({ size = 14 }: { size?: number }) {
  return (
    <svg className="lock-icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

/** What a locked tab adds to its label: the lock and the plan's name (said as "locked: Pro plan"). */
export function TabLock({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const name = t(`plans.${plan}`);
  return (
    <>
      <span className="tab-lock" aria-hidden="true"><LockIcon size={12} />{name}</span>
      <span className="visually-hidden">{t('planLock.tabLocked', { plan: name })}</span>
    </>
  );
}

interface LockedFeatureProps {
  topic: FeatureTopic;
  feature: string;
  plan: Plan;
  /** A visitor is offered to sign up (with a way back here) instead of the plans. */
  visitor: boolean;
}

/** A locked tab's content: what the feature gives, which plan opens it, and the way there. */
export function LockedFeature({ topic, feature, plan, visitor }: LockedFeatureProps) {
  const { t } = useTranslation();
  const openPlans = usePlansDialog();
  const location = useLocation();
  const name = t(`plans.${plan}`);
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <div className="plan-lock" data-testid={`plan-lock-${topic}`} data-plan={plan}>
      <p className="plan-lock-title"><LockIcon size={18} /><strong>{t(`planLock.${topic}.title`, { plan: name })}</strong></p>
      <p>{t(`planLock.${topic}.gives`)}</p>
      {visitor ? (
        <>
          <p className="panel-note">{t('planLock.visitor')}</p>
          <div className="plan-lock-actions">
            <Link className="button button-primary" to={`/signup?redirect=${back}`} data-testid="plan-lock-signup">{t('analysis.visitorSignup')}</Link>
            <Link to={`/login?redirect=${back}`}>{t('analysis.visitorLogin')}</Link>
          </div>
        </>
      ) : (
        <div className="plan-lock-actions">
          <button type="button" className="button button-primary" data-testid="plan-lock-see-plans" onClick={() => openPlans({ plan, feature })}>
            {t('planLock.seePlans')}
          </button>
        </div>
      )}
    </div>
  );
}

interface LockedButtonProps {
  feature: string;
  plan: Plan;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** An action the plan does not include: it shows the lock and the plan, and opens the comparison on it. */
export function LockedButton({ feature, plan, className = 'button button-small', testId, children }: LockedButtonProps) {
  const { t } = useTranslation();
  const openPlans = usePlansDialog();
  const name = t(`plans.${plan}`);
  return (
    <button type="button" className={`${className} plan-locked-button`} data-testid={testId} data-locked-plan={plan}
      title={t('planLock.buttonTitle', { plan: name })} onClick={() => openPlans({ plan, feature })}>
      <LockIcon size={13} />
      {children}
      <span className="tab-lock" aria-hidden="true">{name}</span>
      <span className="visually-hidden">{t('planLock.tabLocked', { plan: name })}</span>
    </button>
  );
}
