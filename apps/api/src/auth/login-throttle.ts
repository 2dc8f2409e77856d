/**
 * Throttles password guessing on one account (rules in login-throttle-policy.ts), with the counts
 * in the database so that every API process behind a load balancer sees the same ones.
 *
 * An attempt is written down before its password is checked and forgotten if it turns out right:
 * two processes checking at the same moment each see the other's attempt, so together they never
 * check more passwords than the allowance. A throttled address is refused before its password is
 * checked, so the refusal tells it nothing about the password it sent.
 */
import { createHash } from 'node:crypto';
import type { LoginFailuresRepository } from './login-failures.repository.js';
import { DEFAULT_LOGIN_THROTTLE, waitSeconds, withFailure, type LoginThrottlePolicy } from './login-throttle-policy.js';

export type LoginVerdict =
  | { outcome: 'accepted' }
  | { outcome: 'rejected' }
  /** Refused, or rejected and now throttled: try again in retryAfterSeconds. */
  | { outcome: 'throttled'; retryAfterSeconds: number };

/** Counts are kept per e-mail, known or not (so a refusal does not tell whether an account exists). */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

export class LoginThrottle {
  private lastSweep = 0;

  constructor(
    private readonly failures: LoginFailuresRepository,
    readonly policy: LoginThrottlePolicy = DEFAULT_LOGIN_THROTTLE,
  ) {}

  /** Runs `checkPassword` unless this address is throttled on this account, and counts the outcome. */
  async attempt(email: string, address: string, checkPassword: () => Promise<boolean>): Promise<LoginVerdict> {
    await this.sweepNowAndThen();
    const key = accountKey(email);
    const id = await this.failures.reserve(key, address);
    const history = await this.failures.history(key, address, this.policy.windowSeconds, id);
    const wait = waitSeconds(this.policy, history);
    if (wait > 0) {
      await this.failures.forget(id);
      return { outcome: 'throttled', retryAfterSeconds: wait };
    }
    let right: boolean;
    try {
      right = await checkPassword();
    } catch (error) {
      await this.failures.forget(id);
      throw error;
    }
    if (right) {
      await this.failures.clear(key, address);
      return { outcome: 'accepted' };
    }
    // The failure stays recorded; if it used up the address's allowance, say so now.
    const after = waitSeconds(this.policy, withFailure(this.policy, history));
    return after > 0 ? { outcome: 'throttled', retryAfterSeconds: after } : { outcome: 'rejected' };
  }

  /** Expired rows are deleted at most once per window by each process, on the way of an attempt. */
  private async sweepNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < this.policy.windowSeconds * 1000) return;
    this.lastSweep = now;
    await this.failures.sweep(this.policy.windowSeconds);
  }
}
