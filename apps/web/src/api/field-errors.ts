/**
 * The server's validation details ({ path: 'body.email', message }) as messages by field name,
 * so forms can show each one beside its input.
 */
import { ApiError } from './client.js';

export type FieldErrors = Record<string, string>;

interface ValidationDetail { path?: unknown; message?: unknown }

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const errors: FieldErrors = {};
  for (const detail of error.details as ValidationDetail[]) {
    if (typeof detail?.path !== 'string' || typeof detail.message !== 'string') continue;
    const field = detail.path.split('.')[1];
    if (field && !(field in errors)) errors[field] = detail.message;
  }
  return errors;
}
