import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOGIN_THROTTLE, clientWaitSeconds, isSlowedDown, slowdownMs, withFailure, type FailureHistory, type LoginThrottlePolicy,
} from './login-throttle-policy.js';

const policy: LoginThrottlePolicy = {
  windowSeconds: 600, failuresPerClient: 3, accountFailuresBeforeSlowdown: 5, slowdown: { firstMs: 100, stepMs: 50, maxMs: 300 },
};
const history = (clientExpiries: number[], accountFailures = clientExpiries.length): FailureHistory => ({ clientExpiries, accountFailures });

describe('login throttle policy', () => {
  it('lets a client fail up to its allowance, then makes it wait for its oldest counted failure to expire', () => {
    expect(clientWaitSeconds(policy, history([]))).toBe(0);
    expect(clientWaitSeconds(policy, history([100, 200]))).toBe(0);
    expect(clientWaitSeconds(policy, history([100, 200, 300]))).toBe(100);
    // Four failures against an allowance of three: two must expire before the next attempt.
    expect(clientWaitSeconds(policy, history([100, 200, 300, 400]))).toBe(200);
  });

  it('never refuses a client without failures, whatever the account has had', () => {
    for (const accountFailures of [0, 4, 5, 1_000_000]) expect(clientWaitSeconds(policy, history([], accountFailures))).toBe(0);
    for (const accountFailures of [0, 1_000_000]) expect(clientWaitSeconds(DEFAULT_LOGIN_THROTTLE, history([], accountFailures))).toBe(0);
  });

  it('asks a client for at least one second, rounded up', () => {
    expect(clientWaitSeconds(policy, history([0.2, 0.3, 0.4]))).toBe(1);
    expect(clientWaitSeconds(policy, history([1.2, 2, 3]))).toBe(2);
  });

  it('slows an account down from its threshold, more with every failure, up to the cap', () => {
    expect(isSlowedDown(policy, 4)).toBe(false);
    expect(isSlowedDown(policy, 5)).toBe(true);
    expect([0, 4, 5, 6, 7, 8, 9, 1_000_000].map((failures) => slowdownMs(policy, failures))).toEqual([0, 0, 100, 150, 200, 250, 300, 300]);
  });

  it('keeps the default slow-down short over the first failures and reaches its cap under a sustained attack', () => {
    // The wait of 30 wrong passwords one after another stays far below a minute (the API tests' timeout)...
    let total = 0;
    for (let failures = 0; failures < 30; failures++) total += slowdownMs(DEFAULT_LOGIN_THROTTLE, failures);
    expect(total).toBeLessThan(30_000);
    // ...while a long attack is held to one guess per maxMs.
    expect(slowdownMs(DEFAULT_LOGIN_THROTTLE, 10_000)).toBe(DEFAULT_LOGIN_THROTTLE.slowdown.maxMs);
  });

  it('counts a new failure as the last to expire, for the client and for the account', () => {
    expect(withFailure(policy, history([10, 20], 7))).toEqual({ clientExpiries: [10, 20, 600], accountFailures: 8 });
    expect(clientWaitSeconds(policy, withFailure(policy, history([10, 20], 2)))).toBe(10);
    expect(clientWaitSeconds(policy, withFailure(policy, history([], 4)))).toBe(0);
  });
});
