import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { DomainError, ERRORS, RequestValidationError, translate, type ErrorName } from '@catchment/domain';
import { registerErrorHandling } from './errors.js';

describe('the error handler', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    app.get<{ Params: { kind: ErrorName } }>('/throw/:kind', async (request) => {
      throw new DomainError(request.params.kind);
    });
    app.get('/duplicate', async () => {
      throw new DomainError('conflict', { message: 'errors.duplicateUuid', details: { uuid: 'a' } });
    });
    app.get('/throttled', async () => {
      throw new DomainError('tooManyLoginAttempts', { details: { minutes: 2 }, retryAfterSeconds: 90 });
    });
    app.get('/invalid', async () => {
      throw new RequestValidationError([{ code: 'custom', input: undefined, path: ['name'], message: 'validation.required' }], 'body');
    });
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(Object.keys(ERRORS) as ErrorName[])('answers %s with its catalogue status, code and message', async (kind) => {
    const entry = ERRORS[kind];
    const response = await app.inject({ url: `/throw/${kind}`, headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(entry.status);
    expect(response.json()).toEqual({ error: { code: entry.code, message: translate('fr', entry.message) } });
  });

  it('sends a more precise message and the details under the same code', async () => {
    const response = await app.inject({ url: '/duplicate' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: translate('en', 'errors.duplicateUuid'), details: { uuid: 'a' } } });
  });

  it('says when to retry, filling the message from the details', async () => {
    const busy = await app.inject({ url: '/throw/serverBusy' });
    expect(busy.headers['retry-after']).toBe('5');
    const throttled = await app.inject({ url: '/throttled' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('90');
    expect(throttled.json().error.message).toBe(translate('en', 'errors.tooManyLoginAttempts', { minutes: 2 }));
    expect((await app.inject({ url: '/throw/forbidden' })).headers['retry-after']).toBeUndefined();
  });

  it('lists each bad value of a request validation error', async () => {
    const response = await app.inject({ url: '/invalid' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Value required', details: [{ path: 'body.name', message: 'Value required' }] },
    });
  });

  it('answers anything else as a 500 that tells nothing of the cause', async () => {
    const response = await app.inject({ url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal error' } });
  });
});
