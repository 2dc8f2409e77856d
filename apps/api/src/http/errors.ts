/**
 * The API's error model: every failure leaves as `{ error: { code, message, details? } }` with its
 * status, the message translated into the request's language. Services throw the domain's
 * `DomainError`; this handler is the one place that gives it an HTTP status, from the catalogue
 * (`ERRORS` in packages/domain).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DomainError, ERRORS, ERROR_CODES, isMessageKey, isPlan, localeFromAcceptLanguage, RequestValidationError, translate, type ErrorName, type Locale,
} from '@catchment/domain';
import { ClientGoneError } from './client-gone.js';

export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

/** A schema's message is a catalogue key; a custom issue may carry the values of its {{placeholders}}. */
function translateMessage(locale: Locale, issue: z.core.$ZodIssue): string {
  const params = issue.code === 'custom' ? messageParams(issue.params, locale) : {};
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

/** The catalogue entry of the framework's own 4xx refusals (body too large, unsupported type, …), by status. */
const FRAMEWORK_REFUSALS: Record<number, ErrorName> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'tooLarge',
  422: 'unprocessable',
  429: 'rateLimited',
};

/**
 * A message's {{placeholders}} are filled from the error's details (lists joined with commas); a
 * `plan` detail also fills {{planName}} with the plan's name in the request's language.
 */
function messageParams(details: unknown, locale: Locale): Record<string, string | number> {
  if (!details || typeof details !== 'object') return {};
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    else if (Array.isArray(value)) params[key] = value.join(', ');
  }
  if ('plan' in details && isPlan(details.plan)) params.planName = translate(locale, `plans.${details.plan}`);
  return params;
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.code(status).type('application/json').send({ error: details === undefined ? { code, message } : { code, message, details } });
}

/** A domain error's message in a language, its {{placeholders}} filled from its details (also for errors kept rather than answered). */
export function domainErrorMessage(error: DomainError, locale: Locale): string {
  return translate(locale, error.messageKey, messageParams(error.details, locale));
}

/** The HTTP answer to a domain error: its entry's status, the translated message, Retry-After when known. */
function sendDomainError(reply: FastifyReply, error: DomainError, locale: Locale) {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return sendError(reply, ERRORS[error.kind].status, error.code, domainErrorMessage(error, locale), error.details);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof RequestValidationError) return reply.code(ERRORS.validation.status).send(validationBody(error, locale));
    if (error instanceof DomainError) {
      // The user reads what they can do; what the operator can do goes to the server's log.
      if (error.operatorHint) request.log.warn({ code: error.code }, error.operatorHint);
      return sendDomainError(reply, error, locale);
    }
    // Nobody is there to read an answer; not a failure of ours either.
    if (error instanceof ClientGoneError) return reply.code(499).send();
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) return sendError(reply, 429, ERROR_CODES.rateLimited, translate(locale, ERRORS.rateLimited.message));
    if (status >= 400 && status < 500) {
      const refusal = FRAMEWORK_REFUSALS[status];
      return sendError(reply, status, refusal ? ERRORS[refusal].code : ((error as FastifyError).code ?? 'BAD_REQUEST'), error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, ERROR_CODES.internal, translate(locale, ERRORS.internal.message));
  });
}
