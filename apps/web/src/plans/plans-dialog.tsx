/**
 * The plan comparison (SPEC §2): the plans on sale side by side, with what each costs (per month,
 * billed monthly or yearly, without and with tax, in the language's currency) and what each
 * unlocks. The plan in force is marked; the plan a lock asked for is highlighted. A plan's button
 * goes to its payment page; a visitor's goes to sign-up first, then there. For the owner of a paying
 * subscription, choosing another plan or period is a change (the products call's `action` per plan
 * and period): the dialog says what happens first (an upgrade now, paid on the next page; a
 * downgrade or change at the period's end, with its date; keeping the plan drops the change
 * waiting), then makes it (PUT /subscription). A native modal dialog: the focus stays inside,
 * Escape and the backdrop close it, and the focus returns where it was.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  classifyChange, currencyForLocale, isPaidPlan, selectionPrice, SOLD_PLANS, taxTreatment, withTax,
  type BillingPeriod, type Currency, type PaidPlan, type Plan, type PlanDefinition, type ProductsResponse, type SubscriptionView,
} from '@catchment/domain';
import { ApiError } from '../api/client.js';
import { BillingPeriodSwitch } from './billing-period-switch.js';
import { changeSubscription } from '../api/subscription.js';
import { useToasts } from '../app/toasts.js';
import { useModalDialog } from '../app/use-modal-dialog.js';
import { useSession } from '../auth/use-session.js';
import { useLocale } from '../i18n/index.js';
import { useGoToCheckout } from '../subscription/go-to-checkout.js';
import { isPlanChange, planChangeOutcome, type PlanChangeKind } from '../subscription/subscription-status.js';
import { useProducts, useRefreshSubscription, useSubscription } from '../subscription/use-subscription.js';
import { planAccessOf, type PlanAccess } from './plan-access.js';
import { formatMoney, planFacts, planPriceShown, type PlanFacts } from './plan-offers.js';
import { featureTopic } from './feature-topics.js';
import './plans.css';

export interface PlansDialogRequest {
  /** The plan to highlight: the one a lock or a refusal named. */
  plan?: Plan | null;
  /** The feature that was asked for (plans/features.ts), said in the introduction. */
  feature?: string | null;
  /** Opens straight on a subscriber's change to this plan and period (the subscription page's "switch to yearly billing"). */
  change?: { product: PaidPlan; period: BillingPeriod } | null;
}

/** A subscriber's change chosen, shown before it is made. */
interface ChosenChange { kind: PlanChangeKind; product: PaidPlan; period: BillingPeriod }

interface PlansDialogProps {
  /** null: closed. */
  request: PlansDialogRequest | null;
  onClose(): void;
}

export function PlansDialog({ request, onClose }: PlansDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useModalDialog(request !== null, onClose);
  const { status, user } = useSession();
  const locale = useLocale();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [chosen, setChosen] = useState<ChosenChange | null>(null);
  // A logged-in user's offer: the prices in their subscription's currency and what choosing each plan does for them.
  const clientId = request && user ? user.id : null;
  const products = useProducts(clientId, locale);
  const subscription = useSubscription(clientId).data?.subscription ?? null;

  // Closed, the dialog forgets the change chosen.
  useEffect(() => {
    if (!request) setChosen(null);
  }, [request]);

  // Opened on a change (the subscription page's period switch): its confirmation, once what it is is known.
  const asked = request?.change ?? null;
  useEffect(() => {
    if (!asked) return;
    const kind = changeKindOf(products.data, subscription, asked);
    if (kind) setChosen({ kind, ...asked });
  }, [asked, products.data, subscription]);

  const access = planAccessOf(user);
  const currency = products.data?.currency ?? currencyForLocale(locale);
  const tax = products.data?.tax ?? taxTreatment({ country: user?.country, validVatNumber: user?.vat });
  // A paying user's buttons wait for the offer: they change the subscription rather than pay for a new one.
  const offer = products.data ?? (access.plan.tier === 'free' ? null : 'loading');
  const highlighted = request?.plan ?? null;
  const topic = featureTopic(request?.feature ?? null);
  const highlightedName = highlighted ? t(`plans.${highlighted}`) : null;

  return (
    <dialog {...dialog} className="dialog plans-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-intro`} data-testid="plans-dialog">
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
          {!chosen && !asked && <div className="plans-period">
            <BillingPeriodSwitch label={t('plansDialog.period')} testId="plans-period" value={period} onChange={setPeriod} />
          </div>}
          {status === 'loggedIn' && !access.plan.sold && (
            <p className="panel-note" data-testid="plans-legacy">{t('plansDialog.legacyPlan', { plan: t(`plans.${access.plan.id}`) })}</p>
          )}
          {chosen && subscription ? (
            <PlanChangeConfirm change={chosen} subscription={subscription} currency={currency} rateBasisPoints={tax.rateBasisPoints}
              locale={locale} onBack={asked ? onClose : () => setChosen(null)} onDone={onClose} />
          ) : asked ? (
            <p className="muted">{t('app.loading')}</p>
          ) : (
            <ul className="plans-grid" aria-label={t('plansDialog.title')}>
              {SOLD_PLANS.map((plan) => (
                <PlanCard key={plan.id} plan={plan} access={access} visitor={status !== 'loggedIn'} highlighted={plan.id === highlighted}
                  period={period} currency={currency} rateBasisPoints={tax.rateBasisPoints} locale={locale} offer={offer} onChoose={onClose}
                  onChange={(kind, product) => setChosen({ kind, product, period })} />
              ))}
            </ul>
          )}
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
  /** The offer for a logged-in user (null: none needed, a free user's buttons pay; 'loading': a paying user's wait for it). */
  offer: ProductsResponse | null | 'loading';
  onChoose(): void;
  onChange(kind: PlanChangeKind, product: PaidPlan): void;
}

function PlanCard({ plan, access, visitor, highlighted, period, currency, rateBasisPoints, locale, offer, onChoose, onChange }: PlanCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = t(`plans.${plan.id}`);
  const current = !visitor && access.plan.id === plan.id;
  const price = planPriceShown(plan, period, currency, rateBasisPoints);
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const classes = ['plan-card', highlighted ? 'plan-card-highlighted' : '', current ? 'plan-card-current' : ''].filter(Boolean).join(' ');
  const planOffer = offer && offer !== 'loading' ? offer.products.find((product) => product.product === plan.id)?.[period] : undefined;
  const badges = (planOffer?.badges ?? []).filter((badge) => badge !== 'current');
  return (
    <li className={classes} aria-labelledby={`${id}-name`} data-testid={`plan-card-${plan.id}`}
      data-highlighted={highlighted || undefined} data-current={current || undefined}>
      <div className="plan-card-head">
        <h3 id={`${id}-name`} className="plan-card-name">{name}</h3>
        {current && <span className="badge">{t('billing.badges.current')}</span>}
        {badges.map((badge) => <span key={badge} className="badge badge-warning" data-badge={badge}>{t(`billing.badges.${badge}`)}</span>)}
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
      {offer === 'loading' && !visitor ? <p className="plan-card-action muted" aria-hidden="true">&nbsp;</p>
        : isPlanChange(planOffer?.action) ? (
          <PlanChangeButton kind={planOffer.action} plan={plan} current={current} highlighted={highlighted} period={period}
            onClick={() => onChange(planOffer.action as PlanChangeKind, plan.id as PaidPlan)} />
        ) : (
          <PlanAction plan={plan} access={access} visitor={visitor} current={current} highlighted={highlighted} period={period}
            subscribe={planOffer ? planOffer.action === 'subscribe' : null} onChoose={onChoose} />
        )}
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
  /** Whether the offer lets the user subscribe to it (null: no offer read, the plan's rank decides). */
  subscribe: boolean | null;
  onChoose(): void;
}

/** What the card's button does: pay for the plan, sign up first (a visitor), or nothing (the plan in force, a lower one). */
function PlanAction({ plan, access, visitor, current, highlighted, period, subscribe, onChoose }: PlanActionProps) {
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
  if (subscribe === false || plan.rank <= access.plan.rank) return <p className="plan-card-action muted" aria-hidden="true">&nbsp;</p>;
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

/** What a change to `asked` is for this subscriber: the offer's `action`, or the domain's rule for a plan no longer on sale (its own, another period). */
function changeKindOf(products: ProductsResponse | undefined, subscription: SubscriptionView | null, asked: { product: PaidPlan; period: BillingPeriod }): PlanChangeKind | null {
  if (!products || !subscription) return null;
  const offered = products.products.find((product) => product.product === asked.product);
  if (offered) return isPlanChange(offered[asked.period].action) ? offered[asked.period].action as PlanChangeKind : null;
  if (!subscription.actions.includes('change') || !isPaidPlan(subscription.product)) return null;
  const current = { product: subscription.product, period: subscription.period, licences: subscription.licences, pinPacks: subscription.pinPacks };
  const kind = classifyChange(current, { ...current, ...asked }, subscription.currency);
  return kind === 'none' ? null : kind;
}

interface PlanChangeButtonProps {
  kind: PlanChangeKind;
  plan: PlanDefinition;
  current: boolean;
  highlighted: boolean;
  period: BillingPeriod;
  onClick(): void;
}

/** A subscriber's button: upgrade, downgrade, change or keep; on the plan in force, another period is "switch to … billing". */
function PlanChangeButton({ kind, plan, current, highlighted, period, onClick }: PlanChangeButtonProps) {
  const { t } = useTranslation();
  const name = t(`plans.${plan.id}`);
  const label = current && kind !== 'keep' ? t(`subscription.switchPeriod.${period}`) : t(`plansDialog.changeTo.${kind}`, { plan: name });
  return (
    <button type="button" className={`plan-card-action ${highlighted || kind === 'upgrade' ? 'button button-primary' : 'button'}`}
      data-testid={`plan-choose-${plan.id}`} data-change={kind} onClick={onClick}>
      {label}
    </button>
  );
}

interface PlanChangeConfirmProps {
  change: ChosenChange;
  subscription: SubscriptionView;
  currency: Currency;
  rateBasisPoints: number;
  locale: string;
  onBack(): void;
  onDone(): void;
}

/**
 * What the change chosen does, said before it is made: an upgrade starts once paid on the next page
 * (less the unused time); a downgrade or change at the period's end, with its date, nothing charged
 * today; keeping the plan drops the change waiting. Then PUT /subscription ("Updating…").
 */
function PlanChangeConfirm({ change, subscription, currency, rateBasisPoints, locale, onBack, onDone }: PlanChangeConfirmProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const toasts = useToasts();
  const refresh = useRefreshSubscription(user?.id ?? 0);
  const goToCheckout = useGoToCheckout();
  const [updating, setUpdating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const outcome = planChangeOutcome(change.kind, change, subscription);
  const plan = t(`plans.${change.product}`);
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const price = withTax(selectionPrice({ ...change, licences: subscription.licences, pinPacks: subscription.pinPacks }, currency), rateBasisPoints);
  const date = outcome.startsAt && outcome.startsAt !== 'now' ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(outcome.startsAt)) : null;

  const confirm = async () => {
    if (!user) return;
    setUpdating(true);
    setError(null);
    try {
      const answer = await changeSubscription(user.id, { product: change.product, period: change.period });
      await refresh(answer.subscription ?? undefined);
      if (answer.checkout) {
        goToCheckout(answer.checkout.url);
        onDone();
        return;
      }
      const startsOn = answer.effectiveAt ? new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(answer.effectiveAt)) : date;
      toasts.show({
        message: answer.change === 'keep' || !startsOn ? t('subscription.kept', { plan: t(`plans.${subscription.product}`) }) : t('plansDialog.confirm.scheduled', { plan, date: startsOn }),
        tone: 'success', testId: 'plan-change-done',
      });
      onDone();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : t('billing.alerts.unexpectedError'));
    } finally {
      setUpdating(false);
    }
  };

  return (
    <section className="plan-change" data-testid="plan-change-confirm" data-change={change.kind} aria-live="polite">
      <h3>{t(`plansDialog.confirm.title.${change.kind}`, { plan, period: t(`plansDialog.billed.${change.period}`) })}</h3>
      {change.kind !== 'keep' && (
        <p data-testid="plan-change-price">
          {t('plansDialog.confirm.price', {
            amount: money(price.excludingTax), amountWithTax: money(price.includingTax), per: t(`billing.perPeriod.${change.period}`),
          })}
        </p>
      )}
      <p data-testid="plan-change-when">
        {change.kind === 'upgrade' && t('plansDialog.confirm.upgrade')}
        {(change.kind === 'downgrade' || change.kind === 'change')
          && t(date ? 'plansDialog.confirm.later' : 'plansDialog.confirm.laterNoDate', { current: t(`plans.${subscription.product}`), date })}
        {change.kind === 'keep' && t('plansDialog.confirm.keep')}
      </p>
      {error && <p className="form-error" role="alert" data-testid="plan-change-error">{error}</p>}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onBack} disabled={updating} data-testid="plan-change-back">{t('plansDialog.confirm.back')}</button>
        <button type="button" className="button button-primary" onClick={() => void confirm()} disabled={updating} aria-busy={updating || undefined}
          data-testid="plan-change-submit">
          {updating ? t('plansDialog.confirm.updating') : t(`plansDialog.confirm.submit.${change.kind}`)}
        </button>
      </div>
    </section>
  );
}
