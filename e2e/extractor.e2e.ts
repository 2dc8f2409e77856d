/**
 * The city/postcode extractor as a partner's site runs it with an account's app key, on the real
 * communes of Alpes-Maritimes: a page of another origin calls the extractor by key and lists the
 * communes, another frames the extractor page and extracts in it; the standalone page (/app/extractor?key=…), opened without any session, finds a place,
 * extracts the communes of a circle, downloads them as CSV, and says the demo key's limit of 20
 * when a larger circle would list more; without a key it asks for one. In English and in French.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AppKeyView } from '@catchment/domain';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { signUpByApi, unexpectedErrors } from './support/app.js';
import { servePartnerPage, type PartnerPage } from './support/other-origin.js';
import { poll } from './support/patience.js';

const baseUrl = inject('baseUrl');
const NICE: [number, number] = [7.262, 43.71];

let browser: Browser;
let demoKey: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await openPage(browser, baseUrl);
  const account = await signUpByApi(page);
  const keys = await (await page.request.get(`/api/Clients/${account.id}/appKeys`)).json() as AppKeyView[];
  demoKey = keys.find((key) => key.kind === 'demo')!.key;
  await context.close();
});
afterAll(async () => { await browser?.close(); });

/** A partner's page that calls the extractor with the key from its own script and lists the names. */
function partnerScriptPage(key: string): string {
  const body = JSON.stringify({ startPoint: NICE, isoMode: 'isodistance', transportMode: 'circle', value: 6_000 });
  return `<!doctype html><html><head><meta charset="utf-8"><title>Our shops</title></head><body>
<h1>Cities we deliver to</h1><ul id="cities"></ul><p id="failure"></p>
<script>
fetch(${JSON.stringify(`${baseUrl}/api/Appkeys/${key}/extractor/fr_cities`)}, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(body)},
}).then((response) => response.json()).then((answer) => {
  for (const item of answer.items) {
    const li = document.createElement('li');
    li.textContent = item.name + ' (' + item.code + ')';
    document.getElementById('cities').appendChild(li);
  }
}).catch((error) => { document.getElementById('failure').textContent = String(error); });
</script></body></html>`;
}

describe('a partner site runs the extractor with a key', () => {
  let partner: PartnerPage;
  beforeAll(async () => { partner = await servePartnerPage(partnerScriptPage(demoKey)); });
  afterAll(async () => { await partner?.close(); });

  it("lists the communes around Nice on the partner's own page, from another origin, without any session", async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await page.goto(partner.url);
    await poll(() => page.locator('#cities li').allTextContents()).toContain('Nice (06088)');
    expect(await page.locator('#cities li').count()).toBeGreaterThan(1);
    expect(await page.locator('#failure').textContent()).toBe('');
    await screenshot(page, 'extractor-partner-script');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a partner site frames the extractor page with a key', () => {
  let partner: PartnerPage;
  beforeAll(async () => {
    partner = await servePartnerPage(`<!doctype html><html><head><meta charset="utf-8"><title>Find your area</title></head><body>
<h1>Which towns do we deliver to?</h1>
<iframe id="extractor" title="Extractor" src="${baseUrl}/app/extractor?key=${demoKey}" width="960" height="720" style="border:1px solid #ccc"></iframe>
</body></html>`);
  });
  afterAll(async () => { await partner?.close(); });

  it('extracts the communes of a circle inside the frame, in the visitor’s language', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, 'fr-FR');
    await page.goto(partner.url);
    const frame = page.frameLocator('#extractor');
    await poll(() => frame.getByRole('heading', { level: 1 }).innerText()).toBe('Extracteur de villes et de codes postaux');
    await frame.getByTestId('place-search-input').fill('Nice');
    await frame.getByTestId('place-suggestion').filter({ hasText: 'Nice' }).first().click();
    await frame.getByTestId('extractor-value').fill('6');
    await frame.getByTestId('extractor-submit').click();
    await poll(() => frame.getByTestId('extraction-row').count()).toBeGreaterThan(1);
    expect(await frame.getByTestId('extraction-row').filter({ hasText: '06088' }).innerText()).toContain('Nice');
    await screenshot(page, 'extractor-partner-frame');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

const TEXTS = {
  en: {
    browserLocale: 'en-US', title: 'City and postcode extractor', summary: 'Communes (France):', demoLimit: 'Demo key: at most 20',
    tooMany: 'extraction limit of 20', keyNeeded: 'The extractor runs with an app key', useKey: 'Use this key', download: 'Download CSV', header: 'Code,Name',
  },
  fr: {
    browserLocale: 'fr-FR', title: 'Extracteur de villes et de codes postaux', summary: 'Communes (France) :', demoLimit: 'Clé de démonstration : au plus 20',
    tooMany: "limite d'extraction de 20", keyNeeded: 'L’extracteur fonctionne avec une clé', useKey: 'Utiliser cette clé', download: 'Télécharger en CSV', header: 'Code;Nom',
  },
} as const;

async function choosePlace(page: Page, name: string) {
  await page.getByTestId('place-search-input').fill(name);
  await page.getByTestId('place-suggestion').filter({ hasText: name }).first().click();
  await poll(() => page.getByTestId('extractor-place').innerText()).toContain(name);
}

describe.each(['en', 'fr'] as const)('the standalone extractor page (%s)', (lang) => {
  const text = TEXTS[lang];

  it('extracts the communes of a circle, downloads them, and says the demo limit past 20', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, text.browserLocale);
    await page.goto(`/app/extractor?key=${demoKey}`);
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(text.title);
    await choosePlace(page, 'Nice');
    await page.getByTestId('extractor-mode').selectOption('circle');
    await page.getByTestId('extractor-value').fill('6');
    await page.getByTestId('extractor-submit').click();

    const rows = page.getByTestId('extraction-row');
    await poll(() => rows.count()).toBeGreaterThan(1);
    expect(await rows.filter({ hasText: '06088' }).innerText()).toContain('Nice');
    expect(await page.getByTestId('extraction-summary').innerText()).toContain(text.summary);
    expect(await page.getByTestId('extraction-allowance').innerText()).toContain(text.demoLimit);
    await screenshot(page, `extractor-page-${lang}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text.download }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.replace(/^\uFEFF/, '')).toMatch(new RegExp(`^${text.header}`));
    expect(csv).toContain('Nice');
    expect(csv.trim().split('\r\n')).toHaveLength((await rows.count()) + 1);

    await page.getByTestId('extractor-value').fill('20');
    await page.getByTestId('extractor-submit').click();
    await poll(() => page.getByTestId('extractor-error').innerText()).toContain(text.tooMany);
    await screenshot(page, `extractor-page-limit-${lang}`);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('asks for a key when the address has none, then extracts with the key pasted', async () => {
    const { context, page } = await openPage(browser, baseUrl, text.browserLocale);
    await page.goto('/app/extractor');
    await poll(() => page.getByTestId('extractor-key-form').innerText()).toContain(text.keyNeeded);
    await page.getByTestId('extractor-key-input').fill(demoKey);
    await page.getByRole('button', { name: text.useKey }).click();
    await page.getByTestId('extractor-form').waitFor();
    expect(new URL(page.url()).searchParams.get('key')).toBe(demoKey);
    await context.close();
  });
});
