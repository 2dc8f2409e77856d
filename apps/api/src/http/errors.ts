/**
 * The API's error model: every failure leaves as `{ error: { code, message, details? } }`
 * with the right status, the message translated into the request's language.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES, isMessageKey, localeFromAcceptLanguage, translate, type ErrorCode, type Locale } from '@catchment/domain';

/** A failure the client can act on; `messageKey` is a catalogue key (errors.* or validation.*). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    readonly messageKey: string,
    readonly details?: unknown,
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: string, details?: unknown) => new HttpError(400, ERROR_CODES.validation, key, details);
export const unauthorized = () => new HttpError(401, ERROR_CODES.unauthorized, 'errors.unauthorized');
export const forbidden = () => new HttpError(403, ERROR_CODES.forbidden, 'errors.forbidden');
export const notFound = (key = 'errors.notFound') => new HttpError(404, ERROR_CODES.notFound, key);
export const conflict = (key = 'errors.conflict', details?: unknown) => new HttpError(409, ERROR_CODES.conflict, key, details);
export const unprocessable = (key: string, details?: unknown) => new HttpError(422, ERROR_CODES.unprocessable, key, details);

/** A body, query or params that did not match its zod schema. */
export class RequestValidationError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[], readonly part: string) {
    super('Request validation failed');
  }
}

export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

/** A schema's message is a catalogue key; a custom issue may carry the values of its {{placeholders}}. */
function translateMessage(locale: Locale, issue: z.core.$ZodIssue): string {
  const params = issue.code === 'custom' ? messageParams(issue.params) : {};
  return isMessageKey(issue.message) ? translate(locale, issue.message, params) : issue.message;
}

function validationBody(error: RequestValidationError, locale: Locale) {
  const details = error.issues.map((issue) => ({
    path: [error.part, ...issue.path.map(String)].join('.'),
    message: translateMessage(locale, issue),
  }));
  const first = error.issues[0];
  const message = first && isMessageKey(first.message)
    ? translateMessage(locale, first)
    : `${details[0]?.path ?? error.part}: ${details[0]?.message ?? translate(locale, 'validation.invalid')}`;
  return { error: { code: ERROR_CODES.validation, message, details } };
}

const CODES_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.tooLarge,
  422: ERROR_CODES.unprocessable,
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.serverBusy,
};

/** A message's {{placeholders}} are filled from the error's details (lists joined with commas). */
function messageParams(details: unknown): Record<string, string | number> {
  if (!details || typeof details !== 'object') return {};
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    else if (Array.isArray(value)) params[key] = value.join(', ');
  }
  return params;
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.code(status).type('application/json').send({ error: details === undefined ? { code, message } : { code, message, details } });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | RequestValidationError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof RequestValidationError) return reply.code(400).send(validationBody(error, locale));
    if (error instanceof HttpError) {
      // Busy compute threads clear within seconds: say when to come back.
      if (error.statusCode === 503) reply.header('retry-after', '5');
      return sendError(reply, error.statusCode, error.code, translate(locale, error.messageKey, messageParams(error.details)), error.details);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return sendError(reply, 429, ERROR_CODES.rateLimited, translate(locale, 'errors.rateLimited'));
    if (status >= 400 && status < 500) {
      return sendError(reply, status, CODES_BY_STATUS[status] ?? (error as FastifyError).code ?? 'BAD_REQUEST', error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, ERROR_CODES.internal, translate(locale, 'errors.internal'));
  });
}
