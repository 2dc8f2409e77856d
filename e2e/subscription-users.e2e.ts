/**
 * The subscription's users, billing address and billing history as their owner lives them: a PRO
 * subscription for 2 users paid on the test-mode payment page's API, then in the browser, in
 * English, an unknown e-mail refused with the SPEC's message, a registered user added (Active, and
 * PRO for them at once), a third refused once the licences are used, a user removed (free again);
 * the billing address refused with an invalid VAT number and saved with a valid one (its tax shown),
 * the paid invoice listed as Paid. In French the same messages, one more licence bought (its payment
 * page paid) for the third user, and the ownership handed over, after which the page is read-only
 * for the former owner. On a 390 px phone nothing overflows.
 * Screenshots of each page in both languages.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { signUpByApi, unexpectedErrors } from './support/app.js';

const baseUrl = inject('baseUrl');
const PASSWORD = 'violet lantern orbit 42';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

interface Account { context: BrowserContext; page: Page; errors: string[]; email: string; id: number }

/** A new user signed up through the API, logged in in a browser of their own. */
async function signedUp(firstName: string, lastName: string, locale = 'en-US', device = {}): Promise<Account> {
  const opened = await openPage(browser, baseUrl, locale, device);
  return { ...opened, ...(await signUpByApi(opened.page, { email: `e2e-users-${randomUUID()}@example.com`, password: PASSWORD, firstName, lastName })) };
}

/** PRO, monthly, for `licences` users, paid with the local provider's test-mode payment page's API. */
async function subscribe(account: Account, licences: number): Promise<void> {
  const started = await account.page.request.post(`/api/Clients/${account.id}/payment/pro_2020`, { data: { period: 'monthly', licences } });
  expect(started.ok(), await started.text()).toBe(true);
  const { checkout } = (await started.json()) as { checkout: { id: string } };
  const paid = await account.page.request.post(`/api/billing/checkouts/${checkout.id}/confirm`, { data: { outcome: 'paid' } });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** The plan the server gives a user now (their /api/auth/me). */
async function planOf(account: Account): Promise<string> {
  const response = await account.page.request.get('/api/auth/me');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { product: string }).product;
}

const row = (page: Page, email: string) => page.locator(`[data-testid="subscriber"][data-email="${email}"]`);

/** Types an address in the add form and sends it. */
async function add(page: Page, email: string): Promise<void> {
  await page.getByTestId('add-subscriber-email').fill(email);
  await page.getByTestId('add-subscriber-email').press('Enter');
}

/** The message under the add form's e-mail field. */
async function addError(page: Page, text: string): Promise<void> {
  await page.getByTestId('add-subscriber-form').locator('.field-error', { hasText: text }).waitFor();
}

describe('subscription users, billing address and billing history', () => {
  let owner: Account;
  let second: Account;
  let third: Account;

  beforeAll(async () => {
    owner = await signedUp('Ada', 'Lovelace');
    second = await signedUp('Grace', 'Hopper');
    third = await signedUp('Alan', 'Turing');
    await subscribe(owner, 2);
  });
  afterAll(async () => {
    for (const account of [owner, second, third]) await account?.context.close();
  });

  it('adds a registered user within the licences, refuses the others with the SPEC messages, and removes one, in English', async () => {
    const { page } = owner;
    await page.goto('/app/profile/subscription/users');
    await page.getByTestId('subscription-users-page').waitFor();
    await expect.poll(() => page.title()).toBe('Users · Catchment');
    await expect.poll(() => page.getByTestId('licences-used').textContent()).toBe('1 of 2 licences used');
    await expect.poll(() => row(page, owner.email).getByTestId('subscriber-status').textContent()).toBe('Owner');
    // One more user's price, per month, without and with tax.
    await expect.poll(() => page.getByTestId('additional-user-price').textContent()).toMatch(/^\$\d/);
    await expect.poll(() => page.getByTestId('additional-user-price-with-tax').textContent()).toMatch(/incl\. tax$/);
    await screenshot(page, 'subscription-users-en-01-owner');

    // An address nobody signed up with: the HEAD check answers 404, nothing is added.
    await add(page, `nobody-${randomUUID()}@example.com`);
    await addError(page, 'This user does not exist. They must create their account first.');
    expect(await page.getByTestId('subscriber').count()).toBe(1);
    await screenshot(page, 'subscription-users-en-02-unknown');

    // A registered user: Active in the list, and PRO for them straight away.
    await add(page, second.email);
    await expect.poll(() => row(page, second.email).getByTestId('subscriber-status').textContent()).toBe('Active');
    await expect.poll(() => page.getByTestId('licences-used').textContent()).toBe('2 of 2 licences used');
    await expect.poll(() => page.getByTestId('add-subscriber-email').inputValue()).toBe('');
    // The focus stays in the form, for the next address.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('add-subscriber-email');
    expect(await planOf(second)).toBe('pro_2020');

    // Every licence is used: a third is refused.
    await add(page, third.email);
    await addError(page, 'Maximum number of active users reached');
    expect(await planOf(third)).toBe('default');
    await screenshot(page, 'subscription-users-en-03-exhausted');

    // Removed after a confirmation, with the keyboard: Escape takes the question back to the
    // button that asked; Enter confirms; the user is out of the list and back on the free plan.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await row(page, second.email).getByTestId('subscriber-remove').focus();
    await page.keyboard.press('Enter');
    const confirmation = row(page, second.email).getByTestId('subscriber-remove-confirmation');
    await confirmation.getByText('Remove Grace Hopper from your subscription?').waitFor();
    await expect.poll(focused).toBe('subscriber-confirm');
    await screenshot(page, 'subscription-users-en-04-remove');
    await page.keyboard.press('Escape');
    await confirmation.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('subscriber-remove');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('subscriber-confirm');
    await page.keyboard.press('Enter');
    await row(page, second.email).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('users-notice').textContent()).toBe(`${second.email} no longer uses your subscription.`);
    await expect.poll(focused).toBe('users-notice');
    await expect.poll(() => page.getByTestId('licences-used').textContent()).toBe('1 of 2 licences used');
    expect(await planOf(second)).toBe('default');
    expect(unexpectedErrors(owner.errors)).toEqual([]);
  });

  it('refuses an invalid VAT number and saves the billing address with a valid one, its tax shown, in English', async () => {
    const { page } = owner;
    await page.goto('/app/profile/subscription/billing-address');
    const form = page.getByTestId('billing-address-form');
    await form.waitFor();
    await expect.poll(() => page.title()).toBe('Billing address · Catchment');
    // Until saved, the profile's values stand in.
    await expect.poll(() => page.getByTestId('billing-firstName').inputValue()).toBe('Ada');
    await page.getByTestId('billing-from-profile').waitFor();
    await page.getByTestId('billing-company').fill('Analytical Engines Ltd');
    await page.getByTestId('billing-addressLine1').fill('12 Unter den Linden');
    await page.getByTestId('billing-postalCode').fill('10117');
    await page.getByTestId('billing-city').fill('Berlin');
    await page.getByTestId('billing-country').selectOption('DE');
    await page.getByTestId('billing-vat').fill('DE 12345');
    await page.getByTestId('billing-save').click();
    await form.locator('.field-error', { hasText: 'Invalid VAT number' }).waitFor();
    await expect.poll(() => page.getByTestId('billing-vat').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'subscription-billing-address-en-01-invalid-vat');

    await page.getByTestId('billing-vat').fill('DE 123 456 789');
    await page.getByTestId('billing-save').click();
    await expect.poll(() => page.getByTestId('billing-saved').textContent()).toBe('Your billing address has been saved.');
    // Stored normalised; an EU business outside France with a VAT number: reverse charge.
    await expect.poll(() => page.getByTestId('billing-vat').inputValue()).toBe('DE123456789');
    await expect.poll(() => page.getByTestId('billing-tax').getAttribute('data-reason')).toBe('reverseCharge');
    await expect.poll(() => page.getByTestId('billing-tax-rate').textContent()).toBe('0%');
    expect(await page.getByTestId('billing-from-profile').count()).toBe(0);
    await screenshot(page, 'subscription-billing-address-en-02-saved');

    // Kept after a reload.
    await page.reload();
    await expect.poll(() => page.getByTestId('billing-city').inputValue()).toBe('Berlin');
    await expect.poll(() => page.getByTestId('billing-country').inputValue()).toBe('DE');
  });

  it('lists the paid invoice as Paid, in English', async () => {
    const { page } = owner;
    await page.goto('/app/profile/subscription/billing-history');
    await page.getByTestId('invoice-table').waitFor();
    await expect.poll(() => page.title()).toBe('Billing history · Catchment');
    const invoices = page.getByTestId('invoice-row');
    await expect.poll(() => invoices.count()).toBe(1);
    await expect.poll(() => invoices.first().getByTestId('invoice-status').textContent()).toBe('Paid');
    expect(await invoices.first().getAttribute('data-status')).toBe('paid');
    await expect.poll(() => invoices.first().getByTestId('invoice-amount').textContent()).toMatch(/^\$\d/);
    await screenshot(page, 'subscription-billing-history-en');
  });

  it('says the same in French, buys one more licence, and hands the ownership over, after which the page is read-only for the former owner', async () => {
    const { page } = owner;
    await page.goto('/app/profile/subscription/users');
    await page.getByTestId('locale-switch').selectOption('fr');
    await expect.poll(() => page.title()).toBe('Utilisateurs · Catchment');
    await expect.poll(() => page.getByTestId('licences-used').textContent()).toBe('1 licence utilisée sur 2');

    await add(page, `personne-${randomUUID()}@example.com`);
    await addError(page, "Cet utilisateur n'existe pas. Il doit créer son compte au préalable.");
    await add(page, second.email);
    await expect.poll(() => row(page, second.email).getByTestId('subscriber-status').textContent()).toBe('Actif');
    await add(page, third.email);
    await addError(page, "Nombre d'utilisateurs actifs atteint");
    await screenshot(page, 'subscription-users-fr-01-exhausted');

    // One more licence: the plan change's payment page (test mode), paid; the third user then fits.
    await expect.poll(() => page.getByTestId('additional-user-price-with-tax').textContent()).toMatch(/TTC$/);
    await page.getByTestId('buy-licence-button').click();
    await page.waitForURL(/\/app\/payment\/pro_2020\?checkout=/);
    await page.getByTestId('test-checkout-pay').click();
    await page.getByTestId('payment-success').waitFor();
    await page.goto('/app/profile/subscription/users');
    await expect.poll(() => page.getByTestId('licences-used').textContent()).toBe('2 licences utilisées sur 3');
    await add(page, third.email);
    await expect.poll(() => row(page, third.email).getByTestId('subscriber-status').textContent()).toBe('Actif');
    expect(await planOf(third)).toBe('pro_2020');

    // The transfer, after a confirmation that says what the owner loses.
    await row(page, second.email).getByTestId('subscriber-make-owner').click();
    const confirmation = row(page, second.email).getByTestId('subscriber-transfer-confirmation');
    await confirmation.getByText(/perdez les droits du propriétaire/).waitFor();
    await screenshot(page, 'subscription-users-fr-02-transfer');
    await confirmation.getByTestId('subscriber-confirm').click();
    await expect.poll(() => row(page, second.email).getByTestId('subscriber-status').textContent()).toBe('Propriétaire');
    await expect.poll(() => row(page, owner.email).getByTestId('subscriber-status').textContent()).toBe('Actif');
    await page.getByTestId('users-read-only').getByText("Seul le propriétaire de l'abonnement, Grace Hopper").waitFor();
    expect(await page.getByTestId('add-subscriber-form').count()).toBe(0);
    expect(await page.getByTestId('subscriber-remove').count()).toBe(0);
    expect(await page.getByTestId('buy-licence').count()).toBe(0);
    // Both keep PRO; the server agrees on who owns it.
    expect(await planOf(owner)).toBe('pro_2020');
    expect(await planOf(second)).toBe('pro_2020');
    await screenshot(page, 'subscription-users-fr-03-read-only');

    // Read-only after a reload too.
    await page.reload();
    await page.getByTestId('users-read-only').waitFor();
    expect(await page.getByTestId('add-subscriber-form').count()).toBe(0);

    // The billing address's VAT message, and the invoice, in French.
    await page.goto('/app/profile/subscription/billing-address');
    await page.getByTestId('billing-address-form').waitFor();
    await page.getByTestId('billing-vat').fill('FR12');
    await page.getByTestId('billing-save').click();
    await page.getByTestId('billing-address-form').locator('.field-error', { hasText: 'Numéro de TVA invalide' }).waitFor();
    await screenshot(page, 'subscription-billing-address-fr');
    await page.goto('/app/profile/subscription/billing-history');
    await expect.poll(() => page.getByTestId('invoice-status').first().textContent()).toBe('Payée');
    await screenshot(page, 'subscription-billing-history-fr');
    expect(unexpectedErrors(owner.errors)).toEqual([]);
  });

  it('fits a 390 px phone: the new owner\'s users, the address form and the invoices as cards', async () => {
    // The new owner's browser, on a phone: log in there again with the same cookie jar's account.
    const phone = await openPage(browser, baseUrl, 'en-US', PHONE);
    const login = await phone.page.request.post('/api/auth/login', { data: { email: second.email, password: PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
    const overflow = () => phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    try {
      await phone.page.goto('/app/profile/subscription/users');
      await phone.page.getByTestId('add-subscriber-form').waitFor();
      await phone.page.getByTestId('additional-user-price').waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await screenshot(phone.page, 'subscription-users-en-phone');

      await phone.page.goto('/app/profile/subscription/billing-address');
      await phone.page.getByTestId('billing-address-form').waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await screenshot(phone.page, 'subscription-billing-address-en-phone');

      await phone.page.goto('/app/profile/subscription/billing-history');
      await phone.page.getByTestId('invoices-empty').or(phone.page.getByTestId('invoice-table')).waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await screenshot(phone.page, 'subscription-billing-history-en-phone');
      expect(unexpectedErrors(phone.errors)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
