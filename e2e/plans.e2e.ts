/**
 * Plans as users meet them: a free user's first area brings the free plan's notice, once; the
 * statistics tab is locked naming Pro and the divisions tab naming Essential, and "See plans" opens
 * the comparison on the plan asked for, in dollars in English and in euros in French; once an
 * operator gives the user Pro (the data command line), the census figures show after a reload,
 * while the export of several areas stays locked naming Advanced; a plan that ended meanwhile
 * makes the server refuse, and the comparison opens by itself. A visitor on a phone meets the
 * notice, the comparison (its buttons lead to sign-up) and a lock offering to sign up.
 * Screenshots under e2e/artifacts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, waitForMapIdle, type Device } from './support/browser.js';
import { areaItems, signUp, unexpectedErrors, waitForSaved } from './support/app.js';
import { setPlan, withPlan } from './support/plans.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const PHONE: Device = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function createCircle(page: Page, place: string, radiusKm: number, tap = false): Promise<void> {
  const press = (testId: string) => (tap ? page.getByTestId(testId).tap() : page.getByTestId(testId).click());
  await press('create-mode-circle');
  await page.getByTestId('place-search-input').fill(place);
  await (tap ? page.getByTestId('place-suggestion').first().tap() : page.getByTestId('place-suggestion').first().click());
  await page.getByTestId('radius-input').fill(String(radiusKm));
  await press('create-area-submit');
}

/** Shown elements of the dialog whose box reaches past the left or right edge of the viewport. */
function beyondViewport(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((root) => [...document.querySelectorAll(`${root} *`)].flatMap((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return [];
    return box.left < -0.5 || box.right > window.innerWidth + 0.5 ? [`${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`] : [];
  }), selector);
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** A new free user on the map sign-up leads to, with 5 km circles around Nice (its notice shown and continued) and Antibes. */
async function freeUserWithTwoAreas(page: Page, onNotice: (notice: ReturnType<Page['getByTestId']>) => Promise<void>): Promise<string> {
  await page.goto('/app/');
  await waitForMapIdle(page);
  const email = await signUp(page);
  await page.waitForURL(/\/app\/map\//);
  await page.locator('[data-testid="unit-switch"] [data-unit="km"]').click();
  await createCircle(page, 'Nice', 5);
  const notice = page.getByTestId('free-plan-notice');
  await poll(() => notice.isVisible()).toBe(true);
  await onNotice(notice);
  await notice.getByTestId('free-plan-notice-continue').click();
  await poll(() => notice.isVisible()).toBe(false);
  await createCircle(page, 'Antibes', 5);
  await poll(() => areaItems(page).count()).toBe(2);
  await waitForSaved(page);
  return email;
}

describe('plans for a free user', () => {
  it('shows the free plan\'s notice, locks statistics naming Pro and divisions naming Essential, and compares the plans in dollars and in euros', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    // The first area: the free plan's notice, with what the free plan allows, from the catalogue.
    await freeUserWithTwoAreas(page, async (notice) => {
      expect(await notice.innerText()).toMatch(/first area[\s\S]*up to 10 areas per map[\s\S]*Statistics come with the Pro plan, administrative divisions with the Essential plan/);
      expect(await focusedTestId(page)).toBe('free-plan-notice-continue');
      await waitForMapIdle(page);
      await screenshot(page, 'plans-01-first-area-en');
    });

    // The header says the plan; the menu offers to upgrade, and the comparison marks the free plan as the user's.
    expect(await page.getByTestId('plan-chip').innerText()).toBe('Free');
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('current-plan').innerText()).toBe('Free plan');
    expect(await page.getByTestId('plans-menu-item').innerText()).toBe('Upgrade');
    await screenshot(page, 'plans-01b-user-menu-en');
    await page.getByTestId('plans-menu-item').click();
    const dialog = page.getByTestId('plans-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('plan-card-default').getAttribute('data-current')).toBe('true');
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);

    // Statistics: locked, naming Pro; "See plans" opens the comparison on Pro, in dollars.
    await page.getByTestId('analysis-toggle').click();
    const censusTab = page.getByTestId('analysis-tab-census');
    await poll(() => censusTab.getAttribute('data-locked-plan')).toBe('pro_2020');
    expect(await censusTab.innerText()).toMatch(/Statistics\s*Pro/);
    const censusLock = page.getByTestId('plan-lock-census');
    expect(await censusLock.innerText()).toMatch(/Statistics are part of the Pro plan[\s\S]*population, age bands/);
    expect(await page.getByTestId('census-population').count()).toBe(0);
    await screenshot(page, 'plans-02-lock-census-en');
    await censusLock.getByTestId('plan-lock-see-plans').click();
    await poll(() => dialog.isVisible()).toBe(true);
    const pro = dialog.getByTestId('plan-card-pro_2020');
    expect(await pro.getAttribute('data-highlighted')).toBe('true');
    expect(await dialog.locator('[data-highlighted]').count()).toBe(1);
    expect(await dialog.innerText()).toMatch(/Statistics \(census figures\) come with the Pro plan/);
    const proPrice = await pro.getByTestId('plan-price-pro_2020').innerText();
    expect(proPrice).toMatch(/^\$\d+\s+\/ month\s+excl\. tax\s+\$[\d.]+ incl\. tax$/);
    expect(proPrice).not.toContain('€');
    expect(await dialog.getByTestId('plan-choose-pro_2020').getAttribute('href')).toBe('/app/payment/pro_2020?period=monthly');
    for (const plan of ['default', 'essential_2019', 'pro_2020', 'advanced_2024']) expect(await dialog.getByTestId(`plan-card-${plan}`).count()).toBe(1);
    expect(await dialog.getByTestId('plan-card-advanced_2024').locator('[data-fact="multiAreaExport"]').getAttribute('data-included')).toBe('true');
    expect(await pro.locator('[data-fact="multiAreaExport"]').getAttribute('data-included')).toBe('false');
    await screenshot(page, 'plans-03-dialog-en');
    // Yearly: the price per month and per year, and the button goes to the yearly payment.
    await dialog.getByTestId('plans-period').locator('[data-period="yearly"]').click();
    await poll(() => pro.getByTestId('plan-price-pro_2020').innerText()).toMatch(/Billed \$[\d,]+ a year excl\. tax[\s\S]*You save/);
    expect(await dialog.getByTestId('plan-choose-pro_2020').getAttribute('href')).toBe('/app/payment/pro_2020?period=yearly');
    await screenshot(page, 'plans-04-dialog-yearly-en');
    // Escape closes it and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(await focusedTestId(page)).toBe('plan-lock-see-plans');

    // Administrative divisions: locked, naming Essential.
    const divisionsTab = page.getByTestId('analysis-tab-divisions');
    await divisionsTab.click();
    expect(await divisionsTab.getAttribute('data-locked-plan')).toBe('essential_2019');
    expect(await divisionsTab.innerText()).toMatch(/Administrative divisions\s*Essential/);
    expect(await page.getByTestId('plan-lock-divisions').innerText()).toMatch(/Administrative divisions are part of the Essential plan/);
    await screenshot(page, 'plans-05-lock-divisions-en');

    // The same in French, in euros.
    await page.getByTestId('locale-switch').selectOption('fr');
    await poll(() => divisionsTab.innerText()).toMatch(/Découpages administratifs\s*Essentielle/);
    expect(await page.getByTestId('plan-lock-divisions').innerText()).toMatch(/font partie de l'offre Essentielle/);
    await screenshot(page, 'plans-06-lock-divisions-fr');
    await censusTab.click();
    await poll(() => censusTab.innerText()).toMatch(/Statistiques\s*Pro/);
    expect(await page.getByTestId('plan-lock-census').innerText()).toMatch(/Les statistiques font partie de l'offre Pro/);
    await screenshot(page, 'plans-07-lock-census-fr');
    await page.getByTestId('plan-lock-see-plans').click();
    await poll(() => dialog.isVisible()).toBe(true);
    // The period chosen earlier is kept while the page lives: back to monthly.
    expect(await dialog.getByTestId('plans-period').locator('[data-period="yearly"]').getAttribute('aria-pressed')).toBe('true');
    await dialog.getByTestId('plans-period').locator('[data-period="monthly"]').click();
    const proPriceFr = await pro.getByTestId('plan-price-pro_2020').innerText();
    expect(proPriceFr).toMatch(/^\d+\s€\s+\/ mois\s+HT\s+\d+(,\d\d)?\s€ TTC$/);
    expect(proPriceFr).not.toContain('$');
    expect(await dialog.innerText()).toMatch(/Les statistiques \(données du recensement\) sont incluses dans l'offre Pro/);
    await screenshot(page, 'plans-08-dialog-fr');
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('opens the census once an operator sets Pro, keeps the export of several areas for Advanced, follows a plan that ends, and never shows the notice twice', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    const email = await freeUserWithTwoAreas(page, async () => undefined);
    const firstMap = page.url();
    const dialog = page.getByTestId('plans-dialog');
    const notice = page.getByTestId('free-plan-notice');
    const censusTab = page.getByTestId('analysis-tab-census');
    const divisionsTab = page.getByTestId('analysis-tab-divisions');

    // An operator gives the user Pro: after a reload, the census figures and the divisions show.
    await withPlan(page, dataDir, email, 'pro_2020');
    await waitForMapIdle(page);
    expect(await page.getByTestId('plan-chip').innerText()).toBe('Pro');
    await page.getByTestId('analysis-toggle').click();
    await poll(() => page.getByTestId('census-population').textContent()).toMatch(/\d/);
    expect(await censusTab.getAttribute('data-locked-plan')).toBeNull();
    expect(await censusTab.innerText()).toBe('Statistics');
    await divisionsTab.click();
    await poll(() => page.locator('[data-testid="division-row"]').count()).toBeGreaterThan(0);
    // Two areas in one export: still locked, naming Advanced, and the comparison opens on it.
    const exportAll = page.getByTestId('divisions-export-all');
    expect(await exportAll.getAttribute('data-locked-plan')).toBe('advanced_2024');
    expect(await exportAll.innerText()).toMatch(/Export all 2 areas\s*Advanced/);
    await screenshot(page, 'plans-09-lock-export-en');
    await exportAll.click();
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('plan-card-advanced_2024').getAttribute('data-highlighted')).toBe('true');
    expect(await dialog.getByTestId('plan-card-pro_2020').getAttribute('data-current')).toBe('true');
    expect(await dialog.innerText()).toMatch(/Exporting several areas at once comes with the Advanced plan/);
    // A user on Pro is not offered the plans below it.
    expect(await dialog.getByTestId('plan-choose-essential_2019').count()).toBe(0);
    await screenshot(page, 'plans-10-dialog-advanced-en');
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);

    // The plan ends while the page is open: the server refuses the next census, and the comparison opens by itself on Pro.
    setPlan(dataDir, email, 'default');
    await censusTab.click();
    await page.getByTestId('analysis-country').selectOption('ww');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('plan-card-pro_2020').getAttribute('data-highlighted')).toBe('true');
    await page.keyboard.press('Escape');
    // The session read again, the tab is locked once more.
    await poll(() => censusTab.getAttribute('data-locked-plan')).toBe('pro_2020');

    // A new map's first area: the notice is not shown twice.
    await page.getByTestId('my-maps-button').click();
    await page.getByTestId('my-maps-create').click();
    await poll(() => page.url()).not.toBe(firstMap);
    await createCircle(page, 'Cannes', 5);
    await poll(() => areaItems(page).count()).toBe(1);
    await waitForSaved(page);
    expect(await notice.isVisible()).toBe(false);
    // The refusal is the one 4xx this test provokes: Chromium logs it, nothing else went wrong.
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('plans for a visitor on a phone', () => {
  it('shows the notice once, the comparison leading to sign-up, and a lock offering to sign up', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'fr-FR', PHONE);
    await page.goto('/app/');
    await waitForMapIdle(page);
    await page.getByTestId('panels-toggle').tap();
    await createCircle(page, 'Nice', 3, true);
    const notice = page.getByTestId('free-plan-notice');
    await poll(() => notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toMatch(/Votre première zone est sur la carte[\s\S]*jusqu'à 10 zones par carte/);
    await screenshot(page, 'plans-11-first-area-phone-fr');

    // "See plans": the comparison fits the phone, in euros, and its buttons lead to sign-up, then payment.
    await notice.getByTestId('free-plan-notice-plans').tap();
    const dialog = page.getByTestId('plans-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await notice.isVisible()).toBe(false);
    expect(await beyondViewport(page, '[data-testid="plans-dialog"]')).toEqual([]);
    expect(await dialog.locator('[data-current]').count()).toBe(0);
    expect(await dialog.getByTestId('plan-price-essential_2019').innerText()).toMatch(/€/);
    expect(await dialog.getByTestId('plan-choose-essential_2019').getAttribute('href'))
      .toBe(`/app/signup?redirect=${encodeURIComponent('/payment/essential_2019?period=monthly')}`);
    await screenshot(page, 'plans-12-dialog-phone-fr');
    await dialog.getByTestId('plan-card-pro_2020').scrollIntoViewIfNeeded();
    await screenshot(page, 'plans-13-dialog-phone-fr-pro');
    await dialog.getByTestId('plans-dialog-close').tap();
    await poll(() => dialog.isVisible()).toBe(false);

    // The analysis of the visitor's area: statistics locked, and the way forward is to sign up.
    await page.getByTestId('panels-hide').tap();
    await page.getByTestId('analysis-toggle').tap();
    await poll(() => page.getByTestId('analysis-tab-census').getAttribute('data-locked-plan')).toBe('pro_2020');
    const lock = page.getByTestId('plan-lock-census');
    expect(await lock.getByTestId('plan-lock-signup').getAttribute('href')).toMatch(/^\/app\/signup\?redirect=/);
    expect(await lock.getByTestId('plan-lock-see-plans').count()).toBe(0);
    await screenshot(page, 'plans-14-lock-visitor-phone-fr');
    await page.getByTestId('analysis-close').tap();

    // Emptied and drawn again, the map does not bring the notice back.
    await page.getByTestId('panels-toggle').tap();
    await areaItems(page).first().getByTestId('area-menu').tap();
    await page.getByTestId('area-delete').tap();
    await poll(() => areaItems(page).count()).toBe(0);
    await createCircle(page, 'Antibes', 3, true);
    await poll(() => areaItems(page).count()).toBe(1);
    // The notice opens with the area it follows: none now that the list shows the area.
    expect(await notice.isVisible()).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
