/**
 * The plan comparison (SPEC §2): the plans on sale side by side, with what each costs (per month,
 * billed monthly or yearly, without and with tax, in the language's currency) and what each
 * unlocks. The plan in force is marked; the plan a lock asked for is highlighted. A plan's button
 * goes to its payment page; a visitor's goes to sign-up first, then there. A native modal dialog:
 * the focus stays inside, Escape and the backdrop close it, and the focus returns where it was.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  BILLING_PERIODS, currencyForLocale, SOLD_PLANS, taxTreatment,
  type BillingPeriod, type Currency, type Plan, type PlanDefinition,
} from '@catchment/domain';
import { useSession } from '../auth/use-session.js';
import { useLocale } from '../i18n/index.js';
import { planAccessOf, type PlanAccess } from './plan-access.js';
import { formatMoney, planFacts, planPriceShown, type PlanFacts } from './plan-offers.js';
import { featureTopic } from './feature-topics.js';
import './plans.css';

export interface PlansDialogRequest {
  /** The plan to highlight: the one a lock or a refusal named. */
  plan?: Plan | null;
  /** The feature that was asked for (plans/features.ts), said in the introduction. */
  feature?: string | null;
}

interface PlansDialogProps {
  /** null: closed. */
  request: PlansDialogRequest | null;
  onClose(): void;
}

export function PlansDialog({ request, onClose }: PlansDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { status, user } = useSession();
  const locale = useLocale();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) element.showModal();
    if (!request && element.open) element.close();
  }, [request]);

  const access = planAccessOf(user);
  const currency = currencyForLocale(locale);
  const tax = taxTreatment({ country: user?.country, validVatNumber: user?.vat });
  const highlighted = request?.plan ?? null;
  const topic = featureTopic(request?.feature ?? null);
  const highlightedName = highlighted ? t(`plans.${highlighted}`) : null;

  return (
    <dialog ref={dialog} className="dialog plans-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-intro`} data-testid="plans-dialog"
      onClose={onClose} onClick={(event) => { if (event.target === dialog.current) onClose(); }}>
      <div className="dialog-header">
        <h2 id={`${id}-title`}>{t('plansDialog.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('app.close')} data-testid="plans-dialog-close" onClick={onClose}>×</button>
      </div>
      {request && (
        <div className="dialog-body plans-body">
          <p id={`${id}-intro`} className="plans-intro">
            {highlightedName
              ? t(topic ? `plansDialog.unlocks.${topic}` : 'plansDialog.unlocksPlan', { plan: highlightedName })
              : t('plansDialog.intro')}
          </p>
          <div className="plans-period">
            <div className="segmented" role="group" aria-label={t('plansDialog.period')} data-testid="plans-period">
              {BILLING_PERIODS.map((option) => (
                <button key={option} type="button" aria-pressed={period === option} data-period={option}
                  className={period === option ? 'segmented-active' : undefined} onClick={() => setPeriod(option)}>
                  {t(`billing.periods.${option}`)}
                </button>
              ))}
            </div>
          </div>
          {status === 'loggedIn' && !access.plan.sold && (
            <p className="panel-note" data-testid="plans-legacy">{t('plansDialog.legacyPlan', { plan: t(`plans.${access.plan.id}`) })}</p>
          )}
          <ul className="plans-grid" aria-label={t('plansDialog.title')}>
            {SOLD_PLANS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} access={access} visitor={status !== 'loggedIn'} highlighted={plan.id === highlighted}
                period={period} currency={currency} rateBasisPoints={tax.rateBasisPoints} locale={locale} onChoose={onClose} />
            ))}
          </ul>
          <p className="panel-note plans-tax-note">{t('plansDialog.taxNote', { rate: t(`billing.taxReasons.${tax.reason}`) })}</p>
        </div>
      )}
    </dialog>
  );
}

interface PlanCardProps {
  plan: PlanDefinition;
  access: PlanAccess;
  visitor: boolean;
  highlighted: boolean;
  period: BillingPeriod;
  currency: Currency;
  rateBasisPoints: number;
  locale: string;
  onChoose(): void;
}

function PlanCard({ plan, access, visitor, highlighted, period, currency, rateBasisPoints, locale, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = t(`plans.${plan.id}`);
  const current = !visitor && access.plan.id === plan.id;
  const price = planPriceShown(plan, period, currency, rateBasisPoints);
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const classes = ['plan-card', highlighted ? 'plan-card-highlighted' : '', current ? 'plan-card-current' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} aria-labelledby={`${id}-name`} data-testid={`plan-card-${plan.id}`}
      data-highlighted={highlighted || undefined} data-current={current || undefined}>
      <div className="plan-card-head">
        <h3 id={`${id}-name`} className="plan-card-name">{name}</h3>
        {current && <span className="badge">{t('billing.badges.current')}</span>}
        {highlighted && <span className="badge badge-accent">{t('plansDialog.unlocksThis')}</span>}
      </div>
      {price && (
        <div className="plan-price" data-testid={`plan-price-${plan.id}`}>
          <p className="plan-price-main">
            <strong className="plan-price-amount">{money(price.perMonth.excludingTax)}</strong>
            {' '}<span>{t('plansDialog.perMonth')}</span>
            {' '}<span className="muted">{t('billing.withoutTax')}</span>
          </p>
          {plan.tier !== 'free' && <p className="plan-price-detail muted">{money(price.perMonth.includingTax)} {t('billing.withTax')}</p>}
          {price.perYear && plan.tier !== 'free' && (
            <p className="plan-price-detail muted">
              {t('plansDialog.billedYearly', { amount: money(price.perYear.excludingTax), amountWithTax: money(price.perYear.includingTax) })}
            </p>
          )}
          {price.yearlySaving && price.yearlySaving.excludingTax > 0 && (
            <p className="plan-price-saving">{t('plansDialog.saving', { amount: money(price.yearlySaving.excludingTax) })}</p>
          )}
        </div>
      )}
      <PlanAction plan={plan} access={access} visitor={visitor} current={current} highlighted={highlighted} period={period} onChoose={onChoose} />
      <FactsList facts={planFacts(plan)} locale={locale} />
    </li>
  );
}

interface PlanActionProps {
  plan: PlanDefinition;
  access: PlanAccess;
  visitor: boolean;
  current: boolean;
  highlighted: boolean;
  period: BillingPeriod;
  onChoose(): void;
}

/** What the card's button does: pay for the plan, sign up first (a visitor), or nothing (the plan in force, a lower one). */
function PlanAction({ plan, access, visitor, current, highlighted, period, onChoose }: PlanActionProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const name = t(`plans.${plan.id}`);
  const payment = `/payment/${plan.id}?period=${period}`;
  const primary = highlighted ? 'button button-primary' : 'button';
  if (current) return <p className="plan-card-action muted">{t('plansDialog.yourPlan')}</p>;
  if (visitor) {
    const back = plan.tier === 'free' ? location.pathname + location.search : payment;
    return (
      <Link className={`plan-card-action ${primary}`} to={`/signup?redirect=${encodeURIComponent(back)}`} data-testid={`plan-choose-${plan.id}`} onClick={onChoose}>
        {plan.tier === 'free' ? t('plansDialog.signupFree') : t('plansDialog.choose', { plan: name })}
      </Link>
    );
  }
  if (plan.rank <= access.plan.rank) return <p className="plan-card-action muted" aria-hidden="true">&nbsp;</p>;
  return (
    <Link className={`plan-card-action ${primary}`} to={payment} data-testid={`plan-choose-${plan.id}`} onClick={onChoose}>
      {t('plansDialog.choose', { plan: name })}
    </Link>
  );
}

/** What a plan unlocks, one line each, included or not (said in words for screen readers). */
function FactsList({ facts, locale }: { facts: PlanFacts; locale: string }) {
  const { t } = useTranslation();
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  const reachText = (key: string, reach: PlanFacts['census']) => (reach === 'some' ? t('plansDialog.facts.someCountries', { what: t(key) }) : t(key));
  const lines: { key: string; text: string; included: boolean }[] = [
    {
      key: 'areas', included: true,
      text: facts.areasPerMap === null ? t('plansDialog.facts.areasUnlimited') : t('plansDialog.facts.areas', { count: facts.areasPerMap, formatted: count(facts.areasPerMap) }),
    },
    { key: 'divisions', included: facts.divisions !== 'none', text: reachText('plansDialog.facts.divisions', facts.divisions) },
    { key: 'census', included: facts.census !== 'none', text: reachText('plansDialog.facts.census', facts.census) },
    { key: 'indicators', included: facts.indicators !== 'no', text: t(facts.indicators === 'formulas' ? 'plansDialog.facts.indicatorFormulas' : 'plansDialog.facts.indicators') },
    {
      key: 'searches', included: true,
      text: facts.searches === null ? t('plansDialog.facts.searchesUnlimited') : t('plansDialog.facts.searches', { count: facts.searches, formatted: count(facts.searches) }),
    },
    { key: 'reports', included: facts.reports !== 'none', text: reachText('plansDialog.facts.reports', facts.reports) },
    { key: 'multiAreaExport', included: facts.multiAreaExport, text: t('plansDialog.facts.multiAreaExport') },
    { key: 'pins', included: true, text: t('plansDialog.facts.pins', { count: facts.pins, formatted: count(facts.pins) }) },
  ];
  return (
    <ul className="plan-facts">
      {lines.map((line) => (
        <li key={line.key} className={line.included ? 'plan-fact' : 'plan-fact plan-fact-excluded'} data-fact={line.key} data-included={line.included}>
          <svg className="plan-fact-mark" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"
            fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <path d={line.included ? 'M5 12l5 5 9-10' : 'M7 12h10'} />
          </svg>
          <span>{line.text}</span>
          {!line.included && <span className="visually-hidden"> {t('plansDialog.facts.notIncluded')}</span>}
        </li>
      ))}
    </ul>
  );
}
