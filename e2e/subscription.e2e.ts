/**
 * The subscription page as its users live it. A user pays for Pro with the test-mode provider (its
 * checkout confirmed through the local provider's API, as its payment page's button does), then
 * reads the page: the Pro plan, its price without and with tax, its renewal. They cancel it — the
 * reason is required, in the dialog and by the server — and the page says when it ends; they
 * reactivate it and it renews again; a downgrade to Essential is said with its date before it is
 * made, then shown as the next plan until they keep their current one. In English in dollars on a
 * desktop, in French in euros on a phone; a free user's page offers the plans. Screenshots under
 * e2e/artifacts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type Device } from './support/browser.js';
import { signUp, unexpectedErrors } from './support/app.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const PHONE: Device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * What the user reads, in each language: Pro at 99 USD a month for the English user (in the United
 * States, as the sign-up's place gives it: no VAT) or 89 EUR for the French one (in France: 20 % VAT).
 */
const TEXTS = {
  en: {
    plan: 'Pro plan', price: /^\$99 \/ month excl\. tax \$99 incl\. tax · No VAT \(outside the EU\)$/, renews: /^Renews on [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    period: 'Monthly', owner: 'Ada Lovelace (you)', licences: '1 of 1 licence used', pins: /^10,000 pins of your own data/,
    cancelTitle: 'Cancel your subscription', reasonRequired: 'Please tell us why you are cancelling', reason: 'It is too expensive',
    endsOn: /^Your subscription ends on [A-Z][a-z]+ \d{1,2}, \d{4} It will not renew/, ends: /^Ends on /, reactivate: 'Reactivate', cancelled: 'Cancelled',
    free: 'You are on the free plan', seePlans: 'See plans', title: 'Subscription · Catchment',
    downgrade: /^Downgrade to the Essential plan, billed monthly[\s\S]*You keep your Pro plan until [A-Z][a-z]+ \d{1,2}, \d{4}; the new one starts then\. Nothing is charged today\./,
    next: /^Next plan From [A-Z][a-z]+ \d{1,2}, \d{4}: Essential plan, billed monthly/,
  },
  fr: {
    plan: 'Offre Pro', price: /^89 € \/ mois HT 106,80 € TTC · TVA 20 %$/, renews: /^Se renouvelle le \d{1,2} [a-zéû]+ \d{4}$/,
    period: 'Mensuel', owner: 'Ada Lovelace (vous)', licences: '1 licence utilisée sur 1', pins: /^10 000 points de vos données/,
    cancelTitle: 'Résilier votre abonnement', reasonRequired: 'Merci de nous indiquer la raison de votre résiliation', reason: "C'est trop cher",
    endsOn: /^Votre abonnement prend fin le \d{1,2} [a-zéû]+ \d{4} Il ne sera pas renouvelé/, ends: /^Prend fin le /, reactivate: 'Réactiver', cancelled: 'Résilié',
    free: "Vous êtes sur l'offre gratuite", seePlans: 'Voir les offres', title: 'Abonnement · Catchment',
    downgrade: /^Rétrograder vers l'offre Essentielle, facturée au mois[\s\S]*Vous gardez votre offre Pro jusqu'au \d{1,2} [a-zéû]+ \d{4} ; la nouvelle démarre alors\. Rien n'est prélevé aujourd'hui\./,
    next: /^Prochaine offre À partir du \d{1,2} [a-zéû]+ \d{4} : offre Essentielle, facturée au mois/,
  },
} as const;
type Language = keyof typeof TEXTS;

/** Text with runs of white space (and the narrow no-break spaces of French numbers) as one space. */
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).replace(/[\s\u202f\u00a0]+/g, ' ').trim();

/**
 * Pays for Pro, monthly, as the signed-in user of the page: POST /Clients/{id}/payment/pro_2020
 * answers the test-mode checkout, whose confirmation (the payment page's button) starts the
 * subscription. The language decides the currency; the French user lives in France (its profile's country).
 */
async function payForPro(page: Page, language: Language): Promise<void> {
  const headers = { 'Accept-Language': language };
  const me = await (await page.request.get('/api/auth/me', { headers })).json() as { id: number };
  if (language === 'fr') {
    const moved = await page.request.post(`/api/Clients/${me.id}/updateClientInfo`, { data: { country: 'FR' }, headers });
    expect(moved.status()).toBe(200);
  }
  const payment = await page.request.post(`/api/Clients/${me.id}/payment/pro_2020`, { data: { period: 'monthly' }, headers });
  expect(payment.status()).toBe(200);
  const { checkout } = await payment.json() as { checkout: { id: string } };
  const confirmed = await page.request.post(`/api/billing/checkouts/${checkout.id}/confirm`, { data: { outcome: 'paid' }, headers });
  expect(confirmed.status()).toBe(200);
}

/** A new user with a paid Pro subscription (in the language's currency) on its subscription page. */
async function subscriberOnTheirPage(page: Page, language: Language): Promise<void> {
  await page.goto('/app/login');
  await signUp(page);
  await payForPro(page, language);
  await page.goto('/app/profile/subscription');
  await page.getByTestId('subscription-details').waitFor();
}

describe('a subscriber\'s subscription page', () => {
  it('shows Pro, its price and renewal; cancelling needs a reason and says when it ends; reactivating renews it; a downgrade waits for the period\'s end (English, desktop)', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const t = TEXTS.en;
    await subscriberOnTheirPage(page, 'en');
    await poll(() => page.title()).toBe(t.title);
    expect(await page.getByTestId('subscription-tab-details').getAttribute('aria-current')).toBe('page');
    expect(await text(page, 'subscription-plan')).toBe(t.plan);
    expect(await page.getByTestId('subscription-badges').innerText()).toContain('Current plan');
    expect(await text(page, 'subscription-period')).toBe(t.period);
    expect(await text(page, 'subscription-price')).toMatch(t.price);
    expect(await text(page, 'subscription-term')).toMatch(t.renews);
    expect(await text(page, 'subscription-owner')).toContain(t.owner);
    expect(await text(page, 'subscription-licences')).toContain(t.licences);
    expect(await text(page, 'subscription-pins')).toMatch(t.pins);
    // The session followed the payment: the header names the plan.
    expect(await page.getByTestId('plan-chip').innerText()).toBe('Pro');
    await screenshot(page, 'subscription-01-details-en');

    // Test mode: the payment method has nothing to manage, and the page says so.
    await page.getByTestId('subscription-portal').click();
    await poll(() => page.getByTestId('subscription-portal-test-mode').isVisible()).toBe(true);

    // Cancelling: without a reason, the dialog refuses; with one, the subscription ends at the period's end.
    const renewal = (await text(page, 'subscription-term')).replace('Renews on ', '');
    await page.getByTestId('subscription-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('heading').innerText()).toBe(t.cancelTitle);
    expect(await dialog.innerText()).toContain(`Your Pro plan stays active until ${renewal}`);
    await dialog.getByTestId('cancel-submit').click();
    expect(await dialog.getByTestId('cancel-reason-error').innerText()).toBe(t.reasonRequired);
    await screenshot(page, 'subscription-02-cancel-dialog-en');
    // The server asks for a reason as well (SPEC §5).
    const me = await (await page.request.get('/api/auth/me')).json() as { id: number };
    const refused = await page.request.post(`/api/Clients/${me.id}/subscription/cancel`, { data: { cancelComment: 'no reason' } });
    expect(refused.status()).toBe(400);
    await dialog.getByLabel(t.reason).check();
    await dialog.getByTestId('cancel-comment').fill('Our study is over.');
    await dialog.getByTestId('cancel-submit').click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => text(page, 'subscription-cancelled')).toMatch(t.endsOn);
    expect(await text(page, 'subscription-cancelled')).toContain(renewal);
    expect(await text(page, 'subscription-term')).toMatch(t.ends);
    expect(await page.getByTestId('subscription-term').getAttribute('data-kind')).toBe('ends');
    expect(await page.getByTestId('subscription-badges').innerText()).toContain(t.cancelled);
    expect(await page.getByTestId('subscription-cancel').count()).toBe(0);
    expect(await page.getByTestId('subscription-change-plan').count()).toBe(0);
    await screenshot(page, 'subscription-03-cancelled-en');

    // Reactivating: a confirmation, then it renews again.
    await page.getByTestId('subscription-reactivate').click();
    const reactivate = page.getByTestId('reactivate-dialog');
    await poll(() => reactivate.isVisible()).toBe(true);
    expect(await reactivate.innerText()).toContain(`Your Pro plan will renew on ${renewal} at $99 / month excl. tax`);
    await reactivate.getByTestId('reactivate-confirm').click();
    await poll(() => page.getByTestId('subscription-term').getAttribute('data-kind')).toBe('renews');
    expect(await text(page, 'subscription-term')).toBe(`Renews on ${renewal}`);
    expect(await page.getByTestId('subscription-cancelled').count()).toBe(0);
    expect(await page.getByTestId('subscription-cancel').isEnabled()).toBe(true);

    // Another plan from the comparison: a downgrade is said with its date before it is made.
    await page.getByTestId('subscription-change-plan').click();
    const plans = page.getByTestId('plans-dialog');
    await poll(() => plans.getByTestId('plan-choose-essential_2019').getAttribute('data-change')).toBe('downgrade');
    expect(await plans.getByTestId('plan-choose-advanced_2024').getAttribute('data-change')).toBe('upgrade');
    expect(await plans.getByTestId('plan-card-pro_2020').getAttribute('data-current')).toBe('true');
    await screenshot(page, 'subscription-04-plans-en');
    await plans.getByTestId('plan-choose-essential_2019').click();
    const confirm = plans.getByTestId('plan-change-confirm');
    expect((await confirm.innerText()).replace(/\s+/g, ' ')).toMatch(t.downgrade);
    expect((await confirm.innerText())).toContain(renewal);
    await screenshot(page, 'subscription-05-downgrade-en');
    await confirm.getByTestId('plan-change-submit').click();
    await poll(() => plans.isVisible()).toBe(false);
    await poll(() => text(page, 'subscription-next')).toMatch(t.next);
    expect(await text(page, 'subscription-plan')).toBe(t.plan);
    await screenshot(page, 'subscription-06-next-plan-en');
    // Keeping the current plan drops the change.
    await page.getByTestId('subscription-keep-current').click();
    await poll(() => page.getByTestId('subscription-next').count()).toBe(0);

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('reads the same in French, in euros, on a phone, and cancels there too', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'en-US', PHONE);
    const t = TEXTS.fr;
    await page.goto('/app/login');
    await signUp(page);
    await payForPro(page, 'fr');
    // The language is switched where a phone has it: in the header's menu.
    await page.getByTestId('header-menu-button').click();
    await page.getByTestId('locale-switch').selectOption('fr');
    await page.goto('/app/profile/subscription');
    await page.getByTestId('subscription-details').waitFor();
    await poll(() => page.title()).toBe(t.title);
    expect(await text(page, 'subscription-plan')).toBe(t.plan);
    expect(await text(page, 'subscription-period')).toBe(t.period);
    expect(await text(page, 'subscription-price')).toMatch(t.price);
    expect(await text(page, 'subscription-term')).toMatch(t.renews);
    expect(await text(page, 'subscription-owner')).toContain(t.owner);
    expect(await text(page, 'subscription-licences')).toContain(t.licences);
    expect(await text(page, 'subscription-pins')).toMatch(t.pins);
    expect(await page.getByTestId('subscription-tabs').innerText()).toMatch(/Détails[\s\S]*Utilisateurs[\s\S]*Adresse de facturation[\s\S]*Historique de facturation/);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'subscription-07-details-fr-phone');

    await page.getByTestId('subscription-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('heading').innerText()).toBe(t.cancelTitle);
    await dialog.getByTestId('cancel-submit').click();
    expect(await dialog.getByTestId('cancel-reason-error').innerText()).toBe(t.reasonRequired);
    await screenshot(page, 'subscription-08-cancel-dialog-fr-phone');
    await dialog.getByLabel(t.reason).check();
    await dialog.getByTestId('cancel-submit').click();
    await poll(() => text(page, 'subscription-cancelled')).toMatch(t.endsOn);
    expect(await text(page, 'subscription-term')).toMatch(t.ends);
    expect(await page.getByTestId('subscription-badges').innerText()).toContain(t.cancelled);
    expect(await page.getByTestId('subscription-reactivate').innerText()).toBe(t.reactivate);
    await screenshot(page, 'subscription-09-cancelled-fr-phone');
    await page.getByTestId('subscription-reactivate').click();
    await page.getByTestId('reactivate-confirm').click();
    await poll(() => page.getByTestId('subscription-term').getAttribute('data-kind')).toBe('renews');

    // A downgrade, said in French with its date.
    await page.getByTestId('subscription-change-plan').click();
    const plans = page.getByTestId('plans-dialog');
    await poll(() => plans.getByTestId('plan-choose-essential_2019').getAttribute('data-change')).toBe('downgrade');
    await plans.getByTestId('plan-choose-essential_2019').click();
    expect((await plans.getByTestId('plan-change-confirm').innerText()).replace(/[\s\u202f\u00a0]+/g, ' ')).toMatch(t.downgrade);
    await screenshot(page, 'subscription-10-downgrade-fr-phone');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('buys a pack of 10,000 pins for the plan it has: the order says so, the test-mode page charges it, the subscription counts 20,000 pins', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await subscriberOnTheirPage(page, 'en');
    await page.getByTestId('subscription-change-quantities').click();
    const order = page.getByTestId('payment-order');
    await order.waitFor();
    // The same plan as it is: nothing to order yet.
    await poll(() => order.getByTestId('payment-same-plan').isVisible()).toBe(true);
    expect(await order.getByTestId('payment-continue').count()).toBe(0);
    await order.getByTestId('payment-pin-packs-input').press('ArrowUp');
    await poll(() => order.getByTestId('payment-quantity-note').isVisible()).toBe(true);
    expect(await order.getByTestId('payment-same-plan').count()).toBe(0);
    await order.getByTestId('payment-continue').click();
    const checkout = page.getByTestId('test-checkout');
    await checkout.waitFor();
    await checkout.getByTestId('test-checkout-pay').click();
    await page.getByTestId('payment-success-plan').waitFor();
    await page.goto('/app/profile/subscription');
    await poll(() => text(page, 'subscription-pins')).toMatch(/^20,000 pins/);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a free user\'s subscription page', () => {
  for (const language of ['en', 'fr'] as const) {
    it(`offers the plans (${language})`, async () => {
      const { context, page, errors } = await openPage(browser, baseUrl);
      const t = TEXTS[language];
      await page.goto('/app/login');
      await signUp(page);
      if (language === 'fr') await page.getByTestId('locale-switch').selectOption('fr');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('profile-link').click();
      await page.getByTestId('profile-nav-subscription').click();
      const empty = page.getByTestId('subscription-empty');
      await poll(() => empty.isVisible()).toBe(true);
      await poll(() => page.title()).toBe(t.title);
      expect(await empty.getByRole('heading').innerText()).toBe(t.free);
      expect(await page.getByTestId('subscription-details').count()).toBe(0);
      await screenshot(page, `subscription-11-free-${language}`);
      await page.getByTestId('subscription-see-plans').click();
      const plans = page.getByTestId('plans-dialog');
      await poll(() => plans.isVisible()).toBe(true);
      // A free user's buttons pay for a new subscription.
      await poll(() => plans.getByTestId('plan-choose-pro_2020').getAttribute('href')).toBe('/app/payment/pro_2020?period=monthly');
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });
  }
});
