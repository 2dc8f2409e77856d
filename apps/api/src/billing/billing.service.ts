/**
 * What a user may do with subscriptions and billing, by the rules of packages/domain (billing/):
 * the offer and its prices, subscribing and changing plan, cancelling and reactivating, paying an
 * open invoice, the subscription's users, invoices and the billing address. Only the owner manages;
 * the users holding a licence read. Payments go through the configured provider, whose reports the
 * ledger applies; everything else is written here, and every change carries on to the plan of
 * record of the subscription's users (clients.product / product_end_date).
 */
import type { Kysely } from 'kysely';
import {
  DomainError, PIN_PACK_SIZE, PLAN_CATALOGUE, PURCHASABLE_PLANS, additionalUserPrice, availableActions, cancel, checkCancel, checkPayNow,
  checkPlanChange, checkReactivate, currencyForLocale, customerStatus, isPurchasablePlan, pinPackPrice, pinsWithPacks, planBadges, planPrice,
  reactivate, requestChange, selectionPrice, subscriptionAlerts, translate, withTax,
  type AdditionalUserResponse, type BillingDetails, type BillingDetailsBody, type CancelSubscriptionBody, type Currency, type Invoice, type Locale,
  type PaidPlan, type PaymentBody, type PlanChangeResponse, type PlanSelection, type ProductsResponse, type SubscriberRole,
  type SubscribersResponse, type SubscriptionChangeBody, type SubscriptionRefusal, type SubscriptionResponse, type SubscriptionView,
  type TaxTreatment,
} from '@catchment/domain';
import { assertOwnAccount } from '../auth/session.plugin.js';
import type { Database } from '../db/schema.js';
import type { BillingProvider, CheckoutReturn } from './billing-provider.js';
import { resolveCustomer, type ResolvedCustomer } from './billing-customers.js';
import { BillingRepository, type InvoiceRecord, type SubscriptionRecord } from './billing.repository.js';

const refuse = (reason: SubscriptionRefusal, details?: Record<string, unknown>) => new DomainError(reason, details ? { details } : {});

function taxed(amount: number, tax: TaxTreatment) {
  return withTax(amount, tax.rateBasisPoints);
}

function toInvoice(invoice: InvoiceRecord): Invoice {
  return {
    id: invoice.id,
    number: invoice.number,
    date: invoice.issuedAt.toISOString(),
    amount: invoice.total,
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    taxRateBasisPoints: invoice.taxRateBasisPoints,
    currency: invoice.currency,
    status: invoice.status,
    reason: invoice.reason,
    periodStart: invoice.periodStart?.toISOString() ?? null,
    periodEnd: invoice.periodEnd?.toISOString() ?? null,
    lines: invoice.lines,
    hostedUrl: invoice.hostedUrl,
    downloadUrl: invoice.downloadUrl,
  };
}

interface Membership { subscription: SubscriptionRecord; role: SubscriberRole }

export class BillingService {
  private readonly repository: BillingRepository;

  constructor(private readonly db: Kysely<Database>, private readonly provider: BillingProvider, private readonly publicUrl: string) {
    this.repository = new BillingRepository(db);
  }

  /** Only the client itself may act on /Clients/{id}/...: 403 for anyone else. */
  requireSelf(sessionClientId: number, clientId: number): void {
    assertOwnAccount(sessionClientId, clientId);
  }

  private async customer(repository: BillingRepository, clientId: number, locale: Locale, providerCustomerId: string | null = null): Promise<ResolvedCustomer> {
    const customer = await resolveCustomer(repository, clientId, locale, providerCustomerId);
    if (!customer) throw new DomainError('notFound', { message: 'errors.clientNotFound' });
    return customer;
  }

  private back(product: string): CheckoutReturn {
    return { successUrl: `${this.publicUrl}/app/paymentSuccess?product=${product}`, cancelUrl: `${this.publicUrl}/app/profile/subscription` };
  }

  private static ownerOnly(membership: Membership | undefined): SubscriptionRecord {
    if (!membership) throw new DomainError('noSubscription');
    if (membership.role !== 'admin') throw new DomainError('notSubscriptionOwner');
    return membership.subscription;
  }

  // ---- The offer ----

  /** GET /Clients/{id}/products: the plans on sale with their prices (with and without tax), badges and what choosing each does. */
  async products(clientId: number, locale: Locale): Promise<ProductsResponse> {
    const now = new Date();
    const membership = await this.repository.findMembership(clientId);
    const currency: Currency = membership?.subscription.currency ?? currencyForLocale(locale);
    const { tax } = await this.customer(this.repository, membership?.subscription.ownerId ?? clientId, locale);
    const members = membership ? await this.repository.countMembers(membership.subscription.id) : 0;
    const offer = (product: PaidPlan, period: 'monthly' | 'yearly') => {
      let action: ProductsResponse['products'][number]['monthly']['action'] = 'subscribe';
      if (membership) {
        const { state } = membership.subscription;
        const target = { product, period, licences: state.selection.licences, pinPacks: state.selection.pinPacks };
        const checked = membership.role === 'admin' ? checkPlanChange(state, target, { now, currency, members }) : undefined;
        action = checked?.ok ? checked.value : null;
      }
      return {
        ...taxed(planPrice(product, period, currency), tax),
        badges: planBadges(membership?.subscription.state ?? null, product, period, now),
        action,
      };
    };
    return {
      currency,
      tax,
      products: PURCHASABLE_PLANS.map((product) => {
        const plan = PLAN_CATALOGUE[product];
        return {
          product, rank: plan.rank, pins: plan.pins, maxAreasPerMap: plan.maxAreasPerMap, maxSearches: plan.maxSearches, features: [...plan.features],
          monthly: offer(product, 'monthly'),
          yearly: offer(product, 'yearly'),
          additionalUser: {
            monthly: taxed(additionalUserPrice(product, 'monthly', currency), tax),
            yearly: taxed(additionalUserPrice(product, 'yearly', currency), tax),
          },
        };
      }),
      pinPack: { pins: PIN_PACK_SIZE, monthly: taxed(pinPackPrice('monthly', currency), tax), yearly: taxed(pinPackPrice('yearly', currency), tax) },
    };
  }

  /** GET /Clients/{id}/products/additional_user: one more user, per plan, and for the caller's subscription. */
  async additionalUser(clientId: number, locale: Locale): Promise<AdditionalUserResponse> {
    const membership = await this.repository.findMembership(clientId);
    const currency: Currency = membership?.subscription.currency ?? currencyForLocale(locale);
    const { tax } = await this.customer(this.repository, membership?.subscription.ownerId ?? clientId, locale);
    let subscription: AdditionalUserResponse['subscription'] = null;
    if (membership) {
      const { selection } = membership.subscription.state;
      subscription = {
        product: selection.product,
        period: selection.period,
        perUserMonthly: taxed(additionalUserPrice(selection.product, 'monthly', currency), tax),
        perUserPerPeriod: taxed(additionalUserPrice(selection.product, selection.period, currency), tax),
        licences: selection.licences,
        used: await this.repository.countMembers(membership.subscription.id),
      };
    }
    return {
      currency,
      tax,
      plans: PURCHASABLE_PLANS.map((product) => ({
        product,
        monthly: taxed(additionalUserPrice(product, 'monthly', currency), tax),
        yearly: taxed(additionalUserPrice(product, 'yearly', currency), tax),
      })),
      subscription,
    };
  }

  // ---- Subscribing and changing plan ----

  /**
   * POST /Clients/{id}/payment/{product}: a payment page for a new subscription, in the currency of
   * the request's language. An owner asking for a plan gets the plan change (PUT /subscription).
   */
  async startPayment(clientId: number, product: string, body: PaymentBody, locale: Locale): Promise<PlanChangeResponse> {
    const membership = await this.repository.findMembership(clientId);
    if (membership?.role === 'active') throw new DomainError('alreadySubscribed');
    if (membership) return this.changePlan(clientId, { product: product as PaidPlan, ...body }, locale);
    if (!isPurchasablePlan(product)) throw new DomainError('planNotSold');
    const selection: PlanSelection = { product, period: body.period, licences: body.licences ?? 1, pinPacks: body.pinPacks ?? 0 };
    const customer = await this.customer(this.repository, clientId, locale);
    const checkout = await this.provider.startCheckout(
      { kind: 'subscribe', customer, selection, currency: currencyForLocale(locale), tax: customer.tax }, this.back(product),
    );
    return { change: 'subscribe', checkout, effectiveAt: null, subscription: null };
  }

  /**
   * PUT /Clients/{id}/subscription: an upgrade opens a payment page and stays pending until paid; a
   * downgrade or change is scheduled for the period's end; asking for the plan in force drops a
   * pending or scheduled change. Licences and packs left out stay.
   */
  async changePlan(clientId: number, body: SubscriptionChangeBody, locale: Locale): Promise<PlanChangeResponse> {
    const checked = await this.checkChange(this.repository, clientId, body);
    const { subscription, target, kind } = checked;
    let result: Omit<PlanChangeResponse, 'subscription'>;
    if (kind === 'upgrade') {
      // The payment page is opened outside any transaction (a provider may write its own rows, or
      // call its API); the pending upgrade is then written if the subscription did not change
      // meanwhile. An older page stays unpayable: only the pending selection may be paid.
      const customer = await this.customer(this.repository, subscription.ownerId, locale, subscription.providerCustomerId);
      if (subscription.state.next) await this.provider.scheduleChange(subscription, null);
      const checkout = await this.provider.startCheckout({ kind: 'upgrade', customer, subscription, selection: target, tax: customer.tax }, this.back(target.product));
      await this.repository.transaction(async (repository) => {
        await this.checkChange(repository, clientId, body, { lock: true, expected: subscription });
        await repository.updateSubscription(subscription.id, { pending: target, next: null, pendingCheckoutUrl: checkout.url });
        await repository.syncPlanOfRecord(subscription.id);
      });
      result = { change: kind, checkout, effectiveAt: null };
    } else if (kind === 'keep') {
      await this.repository.transaction(async (repository) => {
        await this.checkChange(repository, clientId, body, { lock: true, expected: subscription });
        await this.provider.scheduleChange(subscription, null);
        await repository.updateSubscription(subscription.id, { pending: null, next: null });
        await repository.syncPlanOfRecord(subscription.id);
      });
      result = { change: kind, checkout: null, effectiveAt: null };
    } else {
      await this.repository.transaction(async (repository) => {
        await this.checkChange(repository, clientId, body, { lock: true, expected: subscription });
        await this.provider.scheduleChange(subscription, target);
        await repository.updateSubscription(subscription.id, { pending: null, next: requestChange(subscription.state, target, kind).next });
        await repository.syncPlanOfRecord(subscription.id);
      });
      result = { change: kind, checkout: null, effectiveAt: subscription.state.currentPeriodEnd?.toISOString() ?? null };
    }
    return { ...result, subscription: (await this.subscription(clientId, locale)).subscription };
  }

  /**
   * The owner's subscription, the selection asked for and which change it is, or the refusal. With
   * `expected`, the subscription must still be in the state it was read in (else 409 CONFLICT).
   */
  private async checkChange(
    repository: BillingRepository, clientId: number, body: SubscriptionChangeBody, options: { lock?: boolean; expected?: SubscriptionRecord } = {},
  ): Promise<{ subscription: SubscriptionRecord; target: PlanSelection; kind: 'upgrade' | 'downgrade' | 'change' | 'keep' }> {
    const subscription = BillingService.ownerOnly(await repository.findMembership(clientId, { lock: options.lock }));
    const { state } = subscription;
    if (options.expected && JSON.stringify(state) !== JSON.stringify(options.expected.state)) {
      throw new DomainError('conflict', { message: 'errors.subscriptionChanged' });
    }
    const target: PlanSelection = {
      product: body.product as PaidPlan, period: body.period,
      licences: body.licences ?? state.selection.licences, pinPacks: body.pinPacks ?? state.selection.pinPacks,
    };
    const members = await repository.countMembers(subscription.id);
    const checked = checkPlanChange(state, target, { now: new Date(), currency: subscription.currency, members });
    if (!checked.ok) throw refuse(checked.reason, checked.reason === 'tooFewLicences' ? { used: members } : undefined);
    return { subscription, target, kind: checked.value };
  }

  /** POST /Clients/{id}/subscription/cancel: ends at the period's end, with the reason (SPEC §4, §5). */
  async cancel(clientId: number, body: CancelSubscriptionBody, locale: Locale): Promise<SubscriptionView> {
    await this.repository.transaction(async (repository) => {
      const subscription = BillingService.ownerOnly(await repository.findMembership(clientId, { lock: true }));
      const refusal = checkCancel(subscription.state, new Date());
      if (refusal === 'subscriptionCancelling') throw new DomainError(refusal, { message: 'errors.subscriptionAlreadyCancelled' });
      if (refusal) throw refuse(refusal);
      await this.provider.setCancelAtPeriodEnd(subscription, true);
      const cancelled = cancel(subscription.state);
      await repository.updateSubscription(subscription.id, {
        cancelAtPeriodEnd: true, pending: cancelled.pending, next: cancelled.next,
        cancelReason: body.cancelFeedback, cancelComment: body.cancelComment ?? null, cancelledAt: new Date(),
      });
      await repository.syncPlanOfRecord(subscription.id);
    });
    return this.requireView(clientId, locale);
  }

  /** POST /Clients/{id}/subscription/reactivate: takes a cancellation back before the period ends. */
  async reactivate(clientId: number, locale: Locale): Promise<SubscriptionView> {
    await this.repository.transaction(async (repository) => {
      const subscription = BillingService.ownerOnly(await repository.findMembership(clientId, { lock: true }));
      const refusal = checkReactivate(subscription.state, new Date());
      if (refusal) throw refuse(refusal);
      await this.provider.setCancelAtPeriodEnd(subscription, false);
      await repository.updateSubscription(subscription.id, {
        cancelAtPeriodEnd: reactivate(subscription.state).cancelAtPeriodEnd, cancelReason: null, cancelComment: null, cancelledAt: null,
      });
      await repository.syncPlanOfRecord(subscription.id);
    });
    return this.requireView(clientId, locale);
  }

  /** POST /Clients/{id}/subscription/pay: a payment page for the invoice a failed renewal left open. */
  async payNow(clientId: number, locale: Locale): Promise<{ checkout: { id: string; url: string } }> {
    const subscription = BillingService.ownerOnly(await this.repository.findMembership(clientId));
    const refusal = checkPayNow(subscription.state);
    if (refusal) throw refuse(refusal);
    const invoice = await this.repository.findOpenInvoice(subscription.id);
    if (!invoice) throw new DomainError('noOpenInvoice');
    const customer = await this.customer(this.repository, subscription.ownerId, locale, subscription.providerCustomerId);
    const checkout = await this.provider.startCheckout({ kind: 'invoice', customer, subscription, invoiceId: invoice.id }, this.back(subscription.state.selection.product));
    return { checkout };
  }

  /** GET /Clients/{id}/subscription/customer_portal: where the owner manages the payment method. */
  async customerPortal(clientId: number): Promise<{ url: string; provider: string; testMode: boolean }> {
    const membership = await this.repository.findMembership(clientId);
    const subscription = membership ? BillingService.ownerOnly(membership) : await this.repository.findLatestOwned(clientId);
    if (!subscription) throw new DomainError('noSubscription');
    if (subscription.state.manual) throw new DomainError('manualSubscription');
    const { url } = await this.provider.customerPortal(subscription, `${this.publicUrl}/app/profile/subscription`);
    return { url, provider: this.provider.name, testMode: this.provider.testMode };
  }

  // ---- Reading the subscription ----

  /** GET /Clients/{id}/subscription: the live subscription the caller holds a licence of, else their latest own one, else none. */
  async subscription(clientId: number, locale: Locale): Promise<SubscriptionResponse> {
    const now = new Date();
    const profile = await this.repository.findClient(clientId);
    if (!profile) throw new DomainError('notFound', { message: 'errors.clientNotFound' });
    const membership = await this.repository.findMembership(clientId);
    const latest = membership ? undefined : await this.repository.findLatestOwned(clientId);
    const found: Membership | undefined = membership ?? (latest && { subscription: latest, role: 'admin' });
    return {
      product: profile.product,
      productEndDate: profile.productEndDate?.toISOString() ?? null,
      customer: customerStatus(profile.product, profile.productEndDate, now),
      subscription: found ? await this.view(found, locale, now) : null,
    };
  }

  private async requireView(clientId: number, locale: Locale): Promise<SubscriptionView> {
    const { subscription } = await this.subscription(clientId, locale);
    if (!subscription) throw new DomainError('noSubscription');
    return subscription;
  }

  private async view({ subscription, role }: Membership, locale: Locale, now: Date): Promise<SubscriptionView> {
    const { state } = subscription;
    const owner = await this.repository.findClient(subscription.ownerId);
    const { tax } = await this.customer(this.repository, subscription.ownerId, locale);
    const used = await this.repository.countMembers(subscription.id);
    const open = state.status === 'past_due' ? await this.repository.findOpenInvoice(subscription.id) : undefined;
    const over = state.status === 'ended' || (state.currentPeriodEnd !== null && state.currentPeriodEnd.getTime() <= now.getTime());
    const renews = !over && !state.cancelAtPeriodEnd && !state.manual;
    const iso = (value: Date | null) => value?.toISOString() ?? null;
    return {
      id: subscription.id,
      role,
      product: state.selection.product,
      period: state.selection.period,
      status: state.status,
      customer: over ? 'churned' : 'customer',
      manual: state.manual,
      provider: subscription.provider,
      currency: subscription.currency,
      price: state.manual ? null : taxed(selectionPrice(state.selection, subscription.currency), tax),
      tax,
      licences: state.selection.licences,
      usedLicences: used,
      pinPacks: state.selection.pinPacks,
      pins: pinsWithPacks(state.selection.product, state.selection.pinPacks),
      currentPeriodStart: state.currentPeriodStart.toISOString(),
      nextRenewal: renews ? iso(state.currentPeriodEnd) : null,
      expiry: state.status === 'ended' ? iso(subscription.endedAt) : renews ? null : iso(state.currentPeriodEnd),
      owner: { id: subscription.ownerId, email: owner?.email ?? '', firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' },
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      cancelFeedback: subscription.cancelReason,
      cancelComment: subscription.cancelComment,
      pending: state.pending && { ...state.pending, checkoutUrl: subscription.pendingCheckoutUrl },
      next: state.next,
      badges: over ? [] : [
        { ...state.selection, badge: 'current' as const },
        ...(state.next ? [{ ...state.next, badge: 'next' as const }] : []),
        ...(state.pending ? [{ ...state.pending, badge: 'pending' as const }] : []),
      ].map(({ product, period, badge }) => ({ product, period, badge })),
      alerts: subscriptionAlerts(state, subscription.hasPaymentMethod, now).map((code) => ({ code, message: translate(locale, `billing.alerts.${code}`) })),
      actions: availableActions(state, role, now),
      openInvoice: open ? { id: open.id, number: open.number, total: open.total, currency: open.currency } : null,
    };
  }

  /** GET /Clients/{id}/invoices: of the subscriptions the caller owns, and those billed to them; newest first. */
  async invoices(clientId: number): Promise<{ invoices: Invoice[] }> {
    return { invoices: (await this.repository.listInvoices(clientId)).map(toInvoice) };
  }

  // ---- The subscription's users ----

  private static async subscribersOf(repository: BillingRepository, subscription: SubscriptionRecord): Promise<SubscribersResponse> {
    const members = await repository.listMembers(subscription.id);
    return {
      licences: subscription.state.selection.licences,
      used: members.length,
      subscribers: members.map((m) => ({ id: m.clientId, email: m.email, firstName: m.firstName, lastName: m.lastName, status: m.role })),
    };
  }

  /** GET /Clients/{id}/subscribers: the owner first, then the users holding a licence. */
  async subscribers(clientId: number): Promise<SubscribersResponse> {
    const membership = await this.repository.findMembership(clientId);
    if (!membership) throw new DomainError('noSubscription');
    return BillingService.subscribersOf(this.repository, membership.subscription);
  }

  /**
   * POST /Clients/{id}/subscribers: gives a licence to a registered user (SPEC §5), within the
   * licences bought (more are bought with PUT /subscription).
   */
  async addSubscriber(clientId: number, email: string): Promise<SubscribersResponse> {
    return this.repository.transaction(async (repository) => {
      const subscription = BillingService.ownerOnly(await repository.findMembership(clientId, { lock: true }));
      const user = await repository.findClientByEmail(email);
      if (!user) throw new DomainError('subscriberUnknown', { details: { email } });
      if (await repository.findMembership(user.id)) throw new DomainError('subscriberHasLicence', { details: { email } });
      const { licences } = subscription.state.selection;
      if (await repository.countMembers(subscription.id) >= licences) throw new DomainError('licencesExhausted', { details: { licences } });
      if (!(await repository.addMember(subscription.id, user.id, 'active'))) throw new DomainError('subscriberHasLicence', { details: { email } });
      await repository.syncPlanOfRecord(subscription.id);
      return BillingService.subscribersOf(repository, subscription);
    });
  }

  /** DELETE /Clients/{id}/subscribers: takes a user's licence back; they return to the free plan. */
  async removeSubscriber(clientId: number, email: string): Promise<SubscribersResponse> {
    return this.repository.transaction(async (repository) => {
      const subscription = BillingService.ownerOnly(await repository.findMembership(clientId, { lock: true }));
      const user = await repository.findClientByEmail(email);
      if (!user) throw new DomainError('subscriberNotFound', { details: { email } });
      if (user.id === subscription.ownerId) throw new DomainError('ownerLicence');
      if (!(await repository.removeMember(subscription.id, user.id))) throw new DomainError('subscriberNotFound', { details: { email } });
      await repository.resetPlanOfRecord(user.id);
      return BillingService.subscribersOf(repository, subscription);
    });
  }

  /**
   * POST /Clients/{id}/subscribers/owner: makes another user of the subscription its owner; the
   * former owner keeps a licence but no longer manages it (SPEC §4).
   */
  async transferOwnership(clientId: number, email: string, locale: Locale): Promise<SubscribersResponse> {
    return this.repository.transaction(async (repository) => {
      const subscription = BillingService.ownerOnly(await repository.findMembership(clientId, { lock: true }));
      if (subscription.state.manual) throw new DomainError('manualSubscription');
      const user = await repository.findClientByEmail(email);
      if (!user) throw new DomainError('subscriberNotFound', { details: { email } });
      if (user.id === subscription.ownerId) throw new DomainError('ownerLicence', { message: 'errors.ownerAlready' });
      const membership = await repository.findMembership(user.id);
      if (membership?.subscription.id !== subscription.id) throw new DomainError('subscriberNotFound', { details: { email } });
      await repository.transferOwnership(subscription.id, subscription.ownerId, user.id);
      const transferred = (await repository.findById(subscription.id))!;
      await this.provider.updateCustomer(transferred, await this.customer(repository, user.id, locale, transferred.providerCustomerId));
      await repository.syncPlanOfRecord(subscription.id);
      return BillingService.subscribersOf(repository, transferred);
    });
  }

  // ---- Billing address ----

  /** GET /Clients/{id}/billing-details: the saved ones, or the profile's until saved, and the tax they give. */
  async billingDetails(clientId: number, locale: Locale): Promise<{ saved: boolean; details: BillingDetails; tax: TaxTreatment }> {
    const { saved, details, tax } = await this.customer(this.repository, clientId, locale);
    return { saved, details, tax };
  }

  /** PUT /Clients/{id}/billing-details: saved for the next invoices, and passed on to the provider's customer. */
  async saveBillingDetails(clientId: number, body: BillingDetailsBody, locale: Locale): Promise<{ saved: boolean; details: BillingDetails; tax: TaxTreatment }> {
    const details: BillingDetails = {
      firstName: body.firstName, lastName: body.lastName, company: body.company ?? null, vat: body.vat ?? null,
      addressLine1: body.addressLine1, addressLine2: body.addressLine2 ?? null, postalCode: body.postalCode, city: body.city,
      country: body.country, phone: body.phone ?? null,
    };
    await this.repository.saveBillingDetails(clientId, details);
    const membership = await this.repository.findMembership(clientId);
    if (membership?.role === 'admin' && !membership.subscription.state.manual) {
      await this.provider.updateCustomer(membership.subscription, await this.customer(this.repository, clientId, locale, membership.subscription.providerCustomerId));
    }
    return this.billingDetails(clientId, locale);
  }
}
