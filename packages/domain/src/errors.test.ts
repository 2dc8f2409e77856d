import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES, ERRORS, RequestValidationError } from './errors.js';
import { en, fr } from './i18n/index.js';

function messageOf(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('the error catalogue', () => {
  it.each(Object.entries(ERRORS))('%s has an error status and a message in English and French', (_, entry) => {
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThan(600);
    expect(typeof messageOf(en, entry.message)).toBe('string');
    expect(typeof messageOf(fr, entry.message)).toBe('string');
  });

  it('gives each code to one entry only', () => {
    const codes = Object.values(ERRORS).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps the codes the API has always answered with', () => {
    expect(ERROR_CODES).toMatchObject({
      validation: 'VALIDATION_ERROR', unauthorized: 'UNAUTHORIZED', forbidden: 'FORBIDDEN', notFound: 'NOT_FOUND',
      conflict: 'CONFLICT', tooLarge: 'PAYLOAD_TOO_LARGE', rateLimited: 'RATE_LIMITED', serverBusy: 'SERVER_BUSY',
      mapVersionConflict: 'MAP_VERSION_CONFLICT', modeNotInNetwork: 'MODE_NOT_AVAILABLE', internal: 'INTERNAL_ERROR',
    });
  });
});

describe('DomainError', () => {
  it('carries its entry’s code and message unless told a more precise message', () => {
    const plain = new DomainError('mapNotFound');
    expect(plain).toMatchObject({ kind: 'mapNotFound', code: 'MAP_NOT_FOUND', messageKey: 'errors.mapNotFound', details: undefined });
    const precise = new DomainError('conflict', { message: 'errors.duplicateUuid', details: { uuid: 'x' } });
    expect(precise).toMatchObject({ code: 'CONFLICT', messageKey: 'errors.duplicateUuid', details: { uuid: 'x' } });
  });

  it('says when to retry if its entry or the rule that refused knows', () => {
    expect(new DomainError('serverBusy').retryAfterSeconds).toBe(5);
    expect(new DomainError('tooManyLoginAttempts', { retryAfterSeconds: 90 }).retryAfterSeconds).toBe(90);
    expect(new DomainError('forbidden').retryAfterSeconds).toBeUndefined();
  });

  it('is the parent of request validation errors', () => {
    const error = new RequestValidationError([{ code: 'custom', input: undefined, path: ['name'], message: 'validation.required' }], 'body');
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('VALIDATION_ERROR');
  });
});
