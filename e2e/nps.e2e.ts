/**
 * The NPS survey (SPEC §9): a new account is not asked; once the account is older than 21 days the
 * card shows over the map, its answer (or "Not now") is stored, and it is not asked again on the
 * next visit. In English (an answer with a comment) and in French (dismissed).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signUpByApi } from './support/app.js';
import { launchBrowser, openPage, screenshot } from './support/browser.js';
import { ageAccount, onServerDatabase } from './support/server-database.js';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const databaseUrl = inject('databaseUrl');

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Reloads the map and waits until the app has read whether the survey is due. */
async function reloadAndReadSurvey(page: Page): Promise<void> {
  const status = page.waitForResponse((response) => /\/api\/Clients\/\d+\/nps$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET');
  await page.reload();
  expect((await status).ok()).toBe(true);
  await page.getByTestId('map').waitFor();
}

const storedAnswers = async (email: string) => (await onServerDatabase(dataDir, databaseUrl,
  'SELECT a.score, a.comment FROM nps_answers a JOIN clients c ON c.id = a.client_id WHERE lower(c.email) = lower($1)', [email])).rows;

describe.each([
  { locale: 'en-US', question: 'How likely are you to recommend Catchment to a friend or colleague?', send: 'Send', notNow: 'Not now', thanks: 'Thank you for your answer!', answer: true },
  { locale: 'fr-FR', question: 'Quelle est la probabilité que vous recommandiez Catchment à un ami ou un collègue ?', send: 'Envoyer', notNow: 'Plus tard', thanks: 'Merci pour votre réponse !', answer: false },
] as const)('the NPS survey ($locale)', ({ locale, question, send, notNow, thanks, answer }) => {
  it('asks an account older than 21 days once, stores the answer and does not ask again', async () => {
    const { context, page } = await openPage(browser, baseUrl, locale);
    try {
      await page.goto('/app/');
      const { email } = await signUpByApi(page);
      // A new account is not asked.
      await reloadAndReadSurvey(page);
      expect(await page.getByTestId('nps-survey').count()).toBe(0);

      await ageAccount(dataDir, databaseUrl, email, 22);
      await reloadAndReadSurvey(page);
      const card = page.getByTestId('nps-survey');
      await card.getByText(question).waitFor();
      await screenshot(page, `nps-survey-${locale}`);
      if (answer) {
        // Send is offered once a score is chosen.
        expect(await card.getByRole('button', { name: send }).isDisabled()).toBe(true);
        await card.getByRole('button', { name: '9', exact: true }).click();
        await card.getByRole('textbox').fill('Fast isochrones');
        await card.getByRole('button', { name: send }).click();
        await card.getByText(thanks).waitFor();
        expect(await storedAnswers(email)).toEqual([{ score: 9, comment: 'Fast isochrones' }]);
      } else {
        await card.getByRole('button', { name: notNow }).click();
        await card.waitFor({ state: 'detached' });
        expect(await storedAnswers(email)).toEqual([{ score: null, comment: null }]);
      }

      // Not asked again on the next visit.
      await reloadAndReadSurvey(page);
      expect(await page.getByTestId('nps-survey').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
