import { describe, expect, it } from 'vitest';
import { ApiError } from './client.js';
import { fieldErrorsOf } from './field-errors.js';

describe('fieldErrorsOf', () => {
  it('maps each body path to its first message', () => {
    const error = new ApiError(400, 'VALIDATION_ERROR', 'You must accept CGU.', [
      { path: 'body.acceptTerms', message: 'You must accept CGU.' },
      { path: 'body.email', message: 'Invalid email address' },
      { path: 'body.email', message: 'Value too long' },
    ]);
    expect(fieldErrorsOf(error)).toEqual({ acceptTerms: 'You must accept CGU.', email: 'Invalid email address' });
  });

  it('gives nothing for errors without validation details', () => {
    expect(fieldErrorsOf(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'))).toEqual({});
    expect(fieldErrorsOf(new Error('network'))).toEqual({});
    expect(fieldErrorsOf(new ApiError(400, 'VALIDATION_ERROR', 'x', [{ path: 42 }, null, { path: 'body', message: 'y' }]))).toEqual({});
  });
});
