/**
 * How long a browser test waits for what a user should see before it fails. npm test runs the
 * browser tests beside the other suites on two cores; on a machine 2.5 times slower than most, a
 * page opening with its map took longer than Playwright's default 30 s. A wait is there to catch
 * what never comes, not what comes late: every page's default wait (openPage) and every poll
 * below use this figure.
 */
import { expect } from 'vitest';

export const PATIENCE_MS = 90_000;

/** expect.poll's options: as long as a page's default wait. */
const patiently = { timeout: PATIENCE_MS, interval: 100 };

/** expect.poll with the browser tests' patience: `await poll(() => locator.innerText()).toBe(…)`. */
export const poll = <T>(value: () => T | Promise<T>) => expect.poll(value, patiently);
