/**
 * A subscription's life as a customer lives it, in English (dollars) and in French (euros): sign-up
 * through the stepper, the address confirmed from the e-mail's link, a first area drawn, the
 * statistics locked naming Pro, the plan comparison, the order summary (a second user, the
 * amounts without tax, the tax and with tax), the test-mode payment page (a declined card first,
 * then paid), the success page (the session read again: the plan in the header at once), back
 * on the map the census figures of the area; then on the subscription's pages a colleague's account
 * given the second licence (Pro for them too), the subscription cancelled with a reason and
 * reactivated. Screenshots under e2e/artifacts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle } from './support/browser.js';
import { areaItems, TEST_PASSWORD, unexpectedErrors, waitForSaved } from './support/app.js';
import { continuePastFreePlanNotice } from './support/plans.js';
import { waitForMailLink } from './support/outbox.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** What the user reads, in each language; Pro costs 99 USD or 89 EUR a month, each additional user 45 USD or 39 EUR. */
const TEXTS = {
  en: {
    browserLocale: 'en-US',
    kind: 'An individual', need: 'A market study', firstName: 'First name', lastName: 'Last name',
    email: 'Email', password: 'Password', confirm: 'Confirm password', terms: /I accept/, dismiss: 'Dismiss',
    titles: { payment: 'Payment · Catchment', success: 'Successful payment · Catchment' },
    orderTitle: 'Pro plan',
    // 99 + 45 = 144, without tax: the browser's country, the United States, is outside the EU.
    subtotal: /^Total excl\. tax\s*\$144$/, tax: /^Tax: No VAT \(outside the EU\)\s*\$0$/, total: /^Total incl\. tax\s*\$144\s*\/ month$/,
    testBanner: /TEST MODE[\s\S]*no real card is asked for and nothing is charged/,
    checkoutTotal: /^Total incl\. tax\s*\$144$/,
    checkoutTax: /^No VAT\s*\$0$/,
    pay: 'Pay $144 (test)',
    declined: /declined[\s\S]*Nothing was charged: you can try again/,
    successPlan: 'You now have the Pro plan.',
    successLine: /^2 users · billed monthly, next payment on /,
    chip: 'Pro',
    active: 'Active', reason: 'It is too expensive', cancelled: 'Cancelled', endsOn: /^Your subscription ends on /,
  },
  fr: {
    browserLocale: 'fr-FR',
    kind: 'Un particulier', need: 'Une étude de marché', firstName: 'Prénom', lastName: 'Nom',
    email: 'E-mail', password: 'Mot de passe', confirm: 'Confirmer le mot de passe', terms: /J'accepte/, dismiss: 'Fermer',
    titles: { payment: 'Paiement · Catchment', success: 'Paiement réussi · Catchment' },
    orderTitle: 'Offre Pro',
    // 89 + 39 = 128 HT, 25,60 de TVA (le pays du navigateur, la France), 153,60 TTC.
    subtotal: /^Total HT\s*128\s€$/, tax: /^Taxe : TVA 20 %.*\s25,60\s€$/, total: /^Total TTC\s*153,60\s€\s*\/ mois$/,
    testBanner: /MODE TEST[\s\S]*aucune vraie carte n’est demandée et rien n’est débité/,
    checkoutTotal: /^Total TTC\s*153,60\s€$/,
    checkoutTax: /^TVA 20 %\s*25,60\s€$/,
    pay: /^Payer 153,60\s€ \(test\)$/,
    declined: /refusé[\s\S]*Rien n’a été débité : vous pouvez réessayer/,
    successPlan: 'Vous disposez maintenant de l’offre Pro.',
    successLine: /^2 utilisateurs · facturation mensuelle, prochain paiement le /,
    chip: 'Pro',
    active: 'Actif', reason: "C'est trop cher", cancelled: 'Résilié', endsOn: /^Votre abonnement prend fin le /,
  },
} as const;

type Language = keyof typeof TEXTS;

/** Signs up through the three steps in the page's language, closes the "check your inbox" notice and returns the address. */
async function signUpIn(page: Page, language: Language): Promise<string> {
  const text = TEXTS[language];
  const email = `lifecycle-${language}-${Date.now()}@example.com`;
  await page.getByTestId('signup-link').click();
  const form = page.getByTestId('signup-form');
  await form.getByLabel(text.kind).check();
  await form.getByLabel(text.need).check();
  await form.getByTestId('signup-next').click();
  await form.getByLabel(text.firstName).fill('Grace');
  await form.getByLabel(text.lastName, { exact: true }).fill('Hopper');
  await form.getByTestId('signup-next').click();
  await form.getByLabel(text.email).fill(email);
  await form.getByLabel(text.password, { exact: true }).fill(TEST_PASSWORD);
  await form.getByLabel(text.confirm).fill(TEST_PASSWORD);
  await form.getByLabel(text.terms).check();
  await form.getByTestId('signup-next').click();
  const notice = page.getByTestId('check-inbox-notice');
  await notice.waitFor();
  await notice.getByRole('button', { name: text.dismiss }).click();
  return email;
}

/** A second registered account, signed up through the API (outside the browser): its address and a way to ask its plan. */
async function secondAccount(language: Language): Promise<{ email: string; plan(): Promise<string> }> {
  const email = `lifecycle-colleague-${language}-${Date.now()}@example.com`;
  const response = await fetch(`${baseUrl}/api/Clients`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ acceptTerms: true, email, password: TEST_PASSWORD, firstName: 'Katherine', lastName: 'Johnson' }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  return {
    email,
    plan: async () => ((await (await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } })).json()) as { product: string }).product,
  };
}

async function createCircle(page: Page, place: string, radiusKm: number): Promise<void> {
  await page.getByTestId('create-mode-circle').click();
  await page.getByTestId('place-search-input').fill(place);
  await page.getByTestId('place-suggestion').first().click();
  await page.getByTestId('radius-input').fill(String(radiusKm));
  await page.getByTestId('create-area-submit').click();
}

describe.each(['en', 'fr'] as const)('the subscription lifecycle in %s', (language) => {
  const text = TEXTS[language];

  it('signs up, confirms the address, meets the statistics lock, pays for Pro in test mode, sees the census, adds a user, cancels and reactivates', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, text.browserLocale);
    await page.goto('/app/');
    await waitForMapIdle(page);

    // Sign-up, then the address confirmed from the e-mail's link.
    const email = await signUpIn(page, language);
    const link = await waitForMailLink(dataDir, email, '/app/verify-email?token=');
    await page.goto(link);
    await poll(() => page.getByTestId('verify-email-page').getAttribute('data-outcome')).toBe('verified');
    await page.getByTestId('verify-email-map').click();
    await page.getByTestId('map').waitFor();
    await waitForMapIdle(page);

    // A first area (5 km around Nice), the free plan's notice, and the statistics locked naming Pro.
    await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
    await createCircle(page, 'Nice', 5);
    await continuePastFreePlanNotice(page);
    await poll(() => areaItems(page).count()).toBe(1);
    await waitForSaved(page);
    await page.getByTestId('analysis-toggle').click();
    const censusTab = page.getByTestId('analysis-tab-census');
    await poll(() => censusTab.getAttribute('data-locked-plan')).toBe('pro_2020');
    expect(await page.getByTestId('census-population').count()).toBe(0);
    await page.getByTestId('plan-lock-census').getByTestId('plan-lock-see-plans').click();
    const dialog = page.getByTestId('plans-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('plan-card-pro_2020').getAttribute('data-highlighted')).toBe('true');
    await dialog.getByTestId('plan-choose-pro_2020').click();

    // The order summary: Pro, monthly, in the language's currency; a second user added with the keyboard.
    await page.waitForURL(/\/app\/payment\/pro_2020\?period=monthly$/);
    const order = page.getByTestId('payment-order');
    await order.waitFor();
    // The map's "Area created / Undo" toast went with the map: it does not cover the order.
    expect(await page.getByTestId('undo-toast').count()).toBe(0);
    await poll(() => page.title()).toBe(text.titles.payment);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await order.getByRole('heading', { level: 1 }).innerText()).toBe(text.orderTitle);
    expect(await order.getByTestId('payment-period').locator('[data-period="monthly"]').getAttribute('aria-pressed')).toBe('true');
    await order.getByTestId('payment-licences-input').press('ArrowUp');
    await poll(() => order.getByTestId('payment-licences-input').inputValue()).toBe('2');
    await poll(() => order.getByTestId('payment-subtotal').innerText()).toMatch(text.subtotal);
    expect(await order.getByTestId('payment-tax').innerText()).toMatch(text.tax);
    expect(await order.getByTestId('payment-total').innerText()).toMatch(text.total);
    await screenshot(page, `lifecycle-01-order-${language}`);
    await order.getByTestId('payment-continue').click();

    // The test-mode payment page: plainly a test, the same amounts; a declined card first.
    await page.waitForURL(/\/app\/payment\/pro_2020\?checkout=cs_test_/);
    const checkout = page.getByTestId('test-checkout');
    await checkout.waitFor();
    expect(await checkout.getByTestId('test-mode-banner').innerText()).toMatch(text.testBanner);
    expect(await checkout.getByTestId('payment-tax').innerText()).toMatch(text.checkoutTax);
    expect(await checkout.getByTestId('payment-total').innerText()).toMatch(text.checkoutTotal);
    const pay = checkout.getByTestId('test-checkout-pay');
    expect(await pay.innerText()).toMatch(text.pay);
    await screenshot(page, `lifecycle-02-test-mode-${language}`);
    await checkout.getByTestId('test-checkout-decline').click();
    const declined = checkout.getByTestId('payment-declined');
    await poll(() => declined.isVisible()).toBe(true);
    expect(await declined.innerText()).toMatch(text.declined);
    expect(await page.getByTestId('plan-chip').innerText()).not.toBe(text.chip);
    await screenshot(page, `lifecycle-03-declined-${language}`);

    // Paid: the success page, the session read again (the plan in the header at once).
    await pay.click();
    await page.waitForURL(/\/app\/paymentSuccess\?product=pro_2020/);
    const success = page.getByTestId('payment-success');
    await poll(() => success.getByTestId('payment-success-plan').isVisible()).toBe(true);
    expect(await success.getByTestId('payment-success-plan').innerText()).toBe(text.successPlan);
    expect(await success.getByTestId('payment-success-subscription-line').innerText()).toMatch(text.successLine);
    expect(await page.getByTestId('plan-chip').innerText()).toBe(text.chip);
    await poll(() => page.title()).toBe(text.titles.success);
    expect(await success.getByTestId('payment-success-subscription').getAttribute('href')).toBe('/app/profile/subscription');
    await screenshot(page, `lifecycle-04-success-${language}`);

    // Back on the map: the area's census figures, no lock.
    await success.getByTestId('payment-success-map').click();
    await page.getByTestId('map').waitFor();
    await poll(() => areaItems(page).count()).toBe(1);
    await waitForMapIdle(page);
    // The map frames its area again (it was drawn after the map was first read: the cached copy had none).
    await poll(() => page.evaluate(() => {
      const centre = (window as unknown as { catchmentMap?: { getCenter(): { lng: number; lat: number } } }).catchmentMap?.getCenter();
      return centre ? Math.hypot(centre.lng - 7.27, centre.lat - 43.7) < 0.2 : false;
    })).toBe(true);
    if (!(await page.getByTestId('analysis-panel').isVisible())) await page.getByTestId('analysis-toggle').click();
    await poll(() => page.getByTestId('census-population').textContent()).toMatch(/\d/);
    expect(await censusTab.getAttribute('data-locked-plan')).toBeNull();
    await screenshot(page, `lifecycle-05-census-${language}`);

    // My subscription, its users: a colleague's registered account given the second licence; the server gives them Pro.
    const colleague = await secondAccount(language);
    expect(await colleague.plan()).toBe('default');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('profile-link').click();
    await page.getByTestId('profile-nav-subscription').click();
    await poll(() => page.getByTestId('subscription-page').isVisible()).toBe(true);
    await page.getByTestId('subscription-tab-users').click();
    await page.getByTestId('subscription-users-page').waitFor();
    await page.getByTestId('add-subscriber-email').fill(colleague.email);
    await page.getByTestId('add-subscriber-email').press('Enter');
    const colleagueRow = page.locator(`[data-testid="subscriber"][data-email="${colleague.email}"]`);
    await poll(() => colleagueRow.getByTestId('subscriber-status').textContent()).toBe(text.active);
    await poll(() => colleague.plan()).toBe('pro_2020');
    await screenshot(page, `lifecycle-06-users-${language}`);

    // Cancelled with a reason: it ends at the period's end.
    await page.getByTestId('subscription-tab-details').click();
    await page.getByTestId('subscription-cancel').click();
    const cancel = page.getByTestId('cancel-dialog');
    await poll(() => cancel.isVisible()).toBe(true);
    await cancel.getByLabel(text.reason).check();
    await cancel.getByTestId('cancel-comment').fill('Our study is over.');
    await cancel.getByTestId('cancel-submit').click();
    await poll(() => cancel.isVisible()).toBe(false);
    await poll(() => page.getByTestId('subscription-cancelled').innerText()).toMatch(text.endsOn);
    await page.getByTestId('subscription-cancelled-toast').waitFor();
    expect(await page.getByTestId('subscription-badges').innerText()).toContain(text.cancelled);
    await screenshot(page, `lifecycle-07-cancelled-${language}`);

    // Reactivated: it renews again, and the colleague keeps Pro.
    await page.getByTestId('subscription-reactivate').click();
    const reactivate = page.getByTestId('reactivate-dialog');
    await poll(() => reactivate.isVisible()).toBe(true);
    await reactivate.getByTestId('reactivate-confirm').click();
    await poll(() => page.getByTestId('subscription-term').getAttribute('data-kind')).toBe('renews');
    expect(await page.getByTestId('subscription-cancelled').count()).toBe(0);
    // The new outcome replaces the previous one: "reactivated" alone, not stacked under "cancelled".
    await page.getByTestId('subscription-reactivated-toast').waitFor();
    expect(await page.getByTestId('subscription-cancelled-toast').count()).toBe(0);
    expect(await page.getByTestId('plan-chip').innerText()).toBe(text.chip);
    expect(await colleague.plan()).toBe('pro_2020');
    await screenshot(page, `lifecycle-08-reactivated-${language}`);

    // The declined card's 402 is the one refusal this test provokes (Chromium logs it); nothing else went wrong.
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
