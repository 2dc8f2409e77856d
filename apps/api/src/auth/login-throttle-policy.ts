/**
 * How many wrong passwords an account accepts, and from where, before it answers 429.
 *
 * Failures count per account and client address, so a stranger who fails from their own address
 * throttles only that address: the owner, from any address with no failures, still logs in with
 * the right password. An attacker spreading guesses over many addresses is slowed down by the
 * account-wide count: once the account has had many failures, every address gets a single guess
 * per window instead of several. Nothing here ever refuses an address with no failures, so nobody
 * can lock the owner out of their account.
 */
export interface LoginThrottlePolicy {
  /** How long a failure counts, in seconds. */
  windowSeconds: number;
  /** Failures one address may make on one account within the window before it is refused. */
  failuresPerAddress: number;
  /** Failures of the account, all addresses together, from which it is treated as under attack. */
  accountFailuresUnderAttack: number;
  /** Failures one address may make on an account under attack. */
  failuresPerAddressUnderAttack: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  windowSeconds: 15 * 60,
  failuresPerAddress: 5,
  accountFailuresUnderAttack: 10,
  failuresPerAddressUnderAttack: 1,
};

/** The failures that count now, within the window. */
export interface FailureHistory {
  /** For each failure from this address, seconds until it leaves the window, soonest first. */
  addressExpiries: number[];
  /** Failures of the account from every address, this one included. */
  accountFailures: number;
}

/** Failures an address may make on the account, given how many the account has had. */
export function failuresAllowed(policy: LoginThrottlePolicy, accountFailures: number): number {
  return accountFailures >= policy.accountFailuresUnderAttack ? policy.failuresPerAddressUnderAttack : policy.failuresPerAddress;
}

/**
 * Seconds this address must wait before its next attempt on the account, 0 when it may try now.
 * It may try again once enough of its failures have left the window to be under its allowance
 * (counted with the account's present failures: an upper bound if the attack dies down sooner).
 */
export function waitSeconds(policy: LoginThrottlePolicy, history: FailureHistory): number {
  const excess = history.addressExpiries.length - failuresAllowed(policy, history.accountFailures);
  if (excess < 0) return 0;
  return Math.max(1, Math.ceil(history.addressExpiries[excess]!));
}

/** The history once one more failure from this address is counted (it leaves the window last). */
export function withFailure(policy: LoginThrottlePolicy, history: FailureHistory): FailureHistory {
  return {
    addressExpiries: [...history.addressExpiries, policy.windowSeconds],
    accountFailures: history.accountFailures + 1,
  };
}
