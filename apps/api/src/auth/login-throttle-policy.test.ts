import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_THROTTLE, failuresAllowed, waitSeconds, withFailure, type FailureHistory, type LoginThrottlePolicy } from './login-throttle-policy.js';

const policy: LoginThrottlePolicy = { windowSeconds: 600, failuresPerAddress: 3, accountFailuresUnderAttack: 5, failuresPerAddressUnderAttack: 1 };
const history = (addressExpiries: number[], accountFailures = addressExpiries.length): FailureHistory => ({ addressExpiries, accountFailures });

describe('login throttle policy', () => {
  it('lets an address fail up to its allowance, then makes it wait for its oldest counted failure to expire', () => {
    expect(waitSeconds(policy, history([]))).toBe(0);
    expect(waitSeconds(policy, history([100, 200]))).toBe(0);
    expect(waitSeconds(policy, history([100, 200, 300]))).toBe(100);
    // Four failures against an allowance of three: two must expire before the next attempt.
    expect(waitSeconds(policy, history([100, 200, 300, 400], 4))).toBe(200);
  });

  it('gives every address a single failure once the account is under attack', () => {
    expect(failuresAllowed(policy, 4)).toBe(3);
    expect(failuresAllowed(policy, 5)).toBe(1);
    expect(waitSeconds(policy, history([], 50))).toBe(0);
    expect(waitSeconds(policy, history([250], 50))).toBe(250);
    expect(waitSeconds(policy, history([250], 4))).toBe(0);
  });

  it('never refuses an address without failures, whatever the account has had', () => {
    for (const accountFailures of [0, 4, 5, 1_000_000]) expect(waitSeconds(policy, history([], accountFailures))).toBe(0);
    for (const accountFailures of [0, 1_000_000]) expect(waitSeconds(DEFAULT_LOGIN_THROTTLE, history([], accountFailures))).toBe(0);
  });

  it('asks for at least one second, rounded up', () => {
    expect(waitSeconds(policy, history([0.2, 0.3, 0.4]))).toBe(1);
    expect(waitSeconds(policy, history([1.2, 2, 3]))).toBe(2);
  });

  it('counts a new failure as the last to expire, on the address and on the account', () => {
    expect(withFailure(policy, history([10, 20], 7))).toEqual({ addressExpiries: [10, 20, 600], accountFailures: 8 });
    expect(waitSeconds(policy, withFailure(policy, history([10, 20], 2)))).toBe(10);
    expect(waitSeconds(policy, withFailure(policy, history([], 4)))).toBe(600);
  });
});
