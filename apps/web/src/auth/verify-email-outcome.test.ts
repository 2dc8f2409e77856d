import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.js';
import { linkOf, outcomeOfError } from './verify-email-outcome.js';

describe('linkOf', () => {
  it('reads a verification link and a change-of-address link', () => {
    expect(linkOf(new URLSearchParams('token=abc'))).toEqual({ kind: 'verify', token: 'abc' });
    expect(linkOf(new URLSearchParams('emailChange=def'))).toEqual({ kind: 'emailChange', token: 'def' });
    expect(linkOf(new URLSearchParams('token=%20'))).toBeNull();
    expect(linkOf(new URLSearchParams(''))).toBeNull();
  });
});

describe('outcomeOfError', () => {
  it('tells each answer of the specification apart', () => {
    expect(outcomeOfError(new ApiError(409, 'EMAIL_ALREADY_VERIFIED', 'already'))).toBe('alreadyVerified');
    expect(outcomeOfError(new ApiError(410, 'TOKEN_EXPIRED', 'expired'))).toBe('expired');
    expect(outcomeOfError(new ApiError(400, 'TOKEN_INVALID', 'invalid'))).toBe('invalid');
    expect(outcomeOfError(new ApiError(400, 'VALIDATION_ERROR', 'invalid', [{ path: 'body.token' }]))).toBe('invalid');
    expect(outcomeOfError(new ApiError(409, 'EMAIL_ALREADY_USED', 'used'))).toBe('emailUsed');
    expect(outcomeOfError(new ApiError(401, 'UNAUTHORIZED', 'log in'))).toBe('unauthorized');
    expect(outcomeOfError(new ApiError(500, 'INTERNAL_ERROR', 'oops'))).toBe('error');
    expect(outcomeOfError(new TypeError('Failed to fetch'))).toBe('error');
  });
});
