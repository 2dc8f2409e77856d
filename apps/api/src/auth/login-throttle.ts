/**
 * Throttles password guessing on one account (rules in login-throttle-policy.ts), with the counts
 * in the database so that every API process behind a load balancer sees the same ones.
 *
 * An attempt is written down before its password is checked and forgotten if it turns out right or
 * is refused unchecked: two processes checking at the same moment each see the other's attempt, so
 * together they never check more passwords than the rules allow. A claimed client over its
 * allowance is refused before its password is checked, so the refusal tells it nothing.
 *
 * Once the account is slowed down, its attempts wait in a queue of their own and then for the
 * policy's delay, with a timer, before the password is checked; one at a time per account, so
 * sending guesses in parallel does not make the waits overlap. Each socket address may have one
 * attempt waiting per account: without that cap a single client could fill the queue and keep the
 * owner waiting behind it. The queue and the delay are per process: N API processes let an account
 * be tried N at a time.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeyedQueue } from './keyed-queue.js';
import type { LoginFailuresRepository } from './login-failures.repository.js';
import {
  DEFAULT_LOGIN_THROTTLE, clientWaitSeconds, isSlowedDown, slowdownMs, withFailure, type LoginThrottlePolicy,
} from './login-throttle-policy.js';

export type LoginVerdict =
  | { outcome: 'accepted' }
  | { outcome: 'rejected' }
  /** Refused, or rejected and now throttled: try again in retryAfterSeconds. */
  | { outcome: 'throttled'; retryAfterSeconds: number };

/** Who tries which account. */
export interface LoginAttempt {
  email: string;
  /** The claimed client (client-identity.ts): the key of the per-client count. */
  client: string;
  /** The socket's address: one queued attempt per account each. */
  socket: string;
}

/** Counts are kept per e-mail, known or not (so a refusal does not tell whether an account exists). */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

export class LoginThrottle {
  private lastSweep = 0;
  private readonly queue = new KeyedQueue();
  /** `${account} ${socket}` of the slowed-down attempts waiting or being checked in this process. */
  private readonly queued = new Set<string>();

  constructor(
    private readonly failures: LoginFailuresRepository,
    readonly policy: LoginThrottlePolicy = DEFAULT_LOGIN_THROTTLE,
  ) {}

  /** Runs `checkPassword` unless the attempt is refused, after the account's slow-down, and counts the outcome. */
  async attempt(attempt: LoginAttempt, checkPassword: () => Promise<boolean>): Promise<LoginVerdict> {
    await this.sweepNowAndThen();
    const key = accountKey(attempt.email);
    const id = await this.failures.reserve(key, attempt.client);
    let counted = false;
    try {
      const history = await this.failures.history(key, attempt.client, this.policy.windowSeconds, id);
      const wait = clientWaitSeconds(this.policy, history);
      if (wait > 0) return { outcome: 'throttled', retryAfterSeconds: wait };
      if (!isSlowedDown(this.policy, history.accountFailures)) {
        const right = await checkPassword();
        counted = true;
        if (right) return await this.accept(key);
        // The failure stays recorded; if it used up the client's allowance, say so now.
        const after = clientWaitSeconds(this.policy, withFailure(this.policy, history));
        return after > 0 ? { outcome: 'throttled', retryAfterSeconds: after } : { outcome: 'rejected' };
      }
      const slot = `${key} ${attempt.socket}`;
      if (this.queued.has(slot)) {
        return { outcome: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil(slowdownMs(this.policy, history.accountFailures) / 1000)) };
      }
      this.queued.add(slot);
      try {
        return await this.queue.run(key, async () => {
          // Counted again at the head of the queue: the attempts ahead of this one may have failed.
          const now = await this.failures.history(key, attempt.client, this.policy.windowSeconds, id);
          await sleep(slowdownMs(this.policy, now.accountFailures));
          const right = await checkPassword();
          counted = true;
          if (right) return await this.accept(key);
          // A wrong password on an account under attack: 429 rather than 401, for as long as this failure counts.
          return { outcome: 'throttled', retryAfterSeconds: this.policy.windowSeconds } as const;
        });
      } finally {
        this.queued.delete(slot);
      }
    } finally {
      // An attempt refused unchecked, or whose check failed, is no failure.
      if (!counted) await this.failures.forget(id);
    }
  }

  /** The owner is in: the account's count starts again. */
  private async accept(key: string): Promise<LoginVerdict> {
    await this.failures.clear(key);
    return { outcome: 'accepted' };
  }

  /** Expired rows are deleted at most once per window by each process, on the way of an attempt. */
  private async sweepNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < this.policy.windowSeconds * 1000) return;
    this.lastSweep = now;
    await this.failures.sweep(this.policy.windowSeconds);
  }
}
