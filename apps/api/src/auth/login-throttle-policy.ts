/**
 * How the log-in answers an account's wrong passwords: pure rules, applied by login-throttle.ts.
 *
 * Two counts, both over a sliding window:
 * - per account and claimed client (client-identity.ts): a client that gave this account too many
 *   wrong passwords is refused before its password is checked. It stops a guesser that keeps one
 *   address cheaply, and cannot touch the owner, who is another client.
 * - per account, all clients together: an attacker can mint claimed clients (a new forged
 *   X-Forwarded-For each time), so once the account has had enough failures every attempt on it is
 *   made to wait before its answer, longer as failures pile up, and a wrong password answers 429
 *   instead of 401. The right password is still let in: the slow-down costs the owner a short
 *   wait, never the account.
 */
export interface LoginThrottlePolicy {
  /** How long a failure counts, in seconds. */
  windowSeconds: number;
  /** Failures one claimed client may make on one account within the window before it is refused unchecked. */
  failuresPerClient: number;
  /** Failures of the account, all clients together, from which every attempt on it is slowed down. */
  accountFailuresBeforeSlowdown: number;
  /**
   * The wait before a slowed-down attempt's answer: `firstMs` at the threshold, `stepMs` more for
   * each further failure, at most `maxMs`.
   */
  slowdown: { firstMs: number; stepMs: number; maxMs: number };
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  windowSeconds: 15 * 60,
  failuresPerClient: 5,
  accountFailuresBeforeSlowdown: 5,
  // A ramp rather than doubling: the first tens of failures (a user who forgot the password, a
  // short burst) cost seconds in all, while a sustained attack reaches one guess per 5 s per
  // account and API process after about a hundred failures. 30 failures take about 20 s in all.
  slowdown: { firstMs: 100, stepMs: 50, maxMs: 5_000 },
};

/** The failures that count now, within the window. */
export interface FailureHistory {
  /** For each failure of this claimed client on the account, seconds until it leaves the window, soonest first. */
  clientExpiries: number[];
  /** Failures of the account from every client, this one included. */
  accountFailures: number;
}

/**
 * Seconds this claimed client must wait before its next attempt on the account is checked, 0 when
 * it may try now: once enough of its failures have left the window to be under its allowance.
 */
export function clientWaitSeconds(policy: LoginThrottlePolicy, history: FailureHistory): number {
  const excess = history.clientExpiries.length - policy.failuresPerClient;
  if (excess < 0) return 0;
  return Math.max(1, Math.ceil(history.clientExpiries[excess]!));
}

/** Whether attempts on an account with this many failures are slowed down (and a wrong password answers 429). */
export function isSlowedDown(policy: LoginThrottlePolicy, accountFailures: number): boolean {
  return accountFailures >= policy.accountFailuresBeforeSlowdown;
}

/** Milliseconds to wait before answering an attempt on an account with this many failures (0 below the threshold). */
export function slowdownMs(policy: LoginThrottlePolicy, accountFailures: number): number {
  if (!isSlowedDown(policy, accountFailures)) return 0;
  const { firstMs, stepMs, maxMs } = policy.slowdown;
  return Math.min(maxMs, firstMs + stepMs * (accountFailures - policy.accountFailuresBeforeSlowdown));
}

/** The history once one more failure from this client is counted (it leaves the window last). */
export function withFailure(policy: LoginThrottlePolicy, history: FailureHistory): FailureHistory {
  return {
    clientExpiries: [...history.clientExpiries, policy.windowSeconds],
    accountFailures: history.accountFailures + 1,
  };
}
