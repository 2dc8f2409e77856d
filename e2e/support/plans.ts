/**
 * Plans in the browser tests: an account given a plan the way an operator does it (the data
 * command line, `npm run data -- users set-plan`, run against the test server's data), and the free
 * plan's notice a free user or a visitor meets after their first area.
 */
import type { Browser, Page } from 'playwright-core';
import { signUpByApi } from './app.js';
import { runDataCommand } from './data-command.js';
import { openPage, type OpenedPage } from './browser.js';

/** Sets a user's plan with the data command line; the server honours it at the user's next request. */
export function setPlan(dataDir: string, email: string, plan: string): void {
  runDataCommand(dataDir, ['users', 'set-plan', email, plan], { quiet: true });
}

/**
 * Gives the signed-up user of the page a plan and reloads, so that the app reads the plan as a
 * returning user's would (the page keeps the session it was given at sign-up until then).
 */
export async function withPlan(page: Page, dataDir: string, email: string, plan: string): Promise<void> {
  setPlan(dataDir, email, plan);
  await page.reload();
  await page.getByTestId('map').waitFor();
}

/** Waits for the free plan's notice that follows a free user's or a visitor's first area (or first search), and continues. */
export async function continuePastFreePlanNotice(page: Page): Promise<void> {
  // The open one: the first area's and the first search's notices are two dialogs.
  const notice = page.locator('[data-testid="free-plan-notice"][open]');
  await notice.getByTestId('free-plan-notice-continue').click();
  await notice.waitFor({ state: 'detached' });
}

/**
 * A new user, signed up through the API in a new page (the sign-up form has tests of its own:
 * app, account, plans, subscription), on the new map the app opens for them (`mapUrl`, its path),
 * given `plan` when one is said (before the app first reads it); the page keeps the session.
 */
export async function newUserOnMap(browser: Browser, baseUrl: string, dataDir: string, plan?: string): Promise<OpenedPage & { email: string; mapUrl: string }> {
  const opened = await openPage(browser, baseUrl);
  const { page } = opened;
  const { email } = await signUpByApi(page);
  if (plan) setPlan(dataDir, email, plan);
  await page.goto('/app/');
  await page.waitForURL(/\/app\/map\//);
  await page.getByTestId('map').waitFor();
  const mapUrl = new URL(page.url()).pathname;
  return { ...opened, email, mapUrl };
}
