/**
 * The one way the web app talks to the API (SPEC §7): credentials, language and no-cache on every
 * call, JSON in and out, errors as ApiError carrying the server's translated message. A 401 outside
 * /auth/* sends the user to the login page, and the token-life-time header schedules that redirect
 * for the moment the session ends. A 403 PLAN_REQUIRED is announced (plan-required.ts) so that the
 * plans dialog offers the plan that unlocks it, whichever call met it.
 */
import { currentLocale } from '../i18n/locale-state.js';
import { announcePlanRequired, planRequiredOf } from './plan-required.js';
import { scheduleSessionExpiry, redirectToLogin } from './session-expiry.js';

export const API_PREFIX = '/api';
const TOKEN_LIFE_TIME_HEADER = 'token-life-time';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ApiRequestOptions { signal?: AbortSignal; headers?: Record<string, string> }

interface ErrorBody { error?: { code?: string; message?: string; details?: unknown } }

/** Auth endpoints answer 401 as part of their normal flow (wrong password, visitor asking who they are). */
function isAuthPath(path: string): boolean {
  return path.startsWith('/auth/');
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends a call and checks its answer (errors as ApiError, 401 → login, session expiry); the caller reads the body. */
async function send(method: HttpMethod, path: string, body: unknown, options: ApiRequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': currentLocale(),
    'Cache-Control': 'no-cache',
    ...options.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  // fetch rejects with an AbortError when the caller aborts: it propagates as is and callers ignore it.
  const response = await fetch(`${API_PREFIX}${path}`, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });

  const lifeTime = response.headers.get(TOKEN_LIFE_TIME_HEADER);
  if (lifeTime !== null && Number.isFinite(Number(lifeTime))) scheduleSessionExpiry(Number(lifeTime));

  if (response.status === 401 && !isAuthPath(path)) redirectToLogin();

  if (!response.ok) {
    const parsed = (await readJson(response)) as ErrorBody | undefined;
    const error = parsed?.error;
    const failure = new ApiError(response.status, error?.code ?? 'HTTP_' + response.status, error?.message ?? response.statusText, error?.details);
    const planRequired = planRequiredOf(failure.code, failure.details);
    if (planRequired) announcePlanRequired(planRequired);
    throw failure;
  }
  return response;
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const response = await send(method, path, body, options, 'application/json');
  if (response.status === 204 || method === 'HEAD') return undefined as T;
  return (await readJson(response)) as T;
}

/** A file the API sends (an XLSX export): its content and the name the server gives it. */
export async function apiDownload(method: HttpMethod, path: string, body?: unknown, options: ApiRequestOptions = {}): Promise<{ blob: Blob; filename: string }> {
  const response = await send(method, path, body, options, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  const utf8 = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  const plain = disposition.match(/filename="([^"]+)"/i)?.[1];
  return { blob: await response.blob(), filename: utf8 ? decodeURIComponent(utf8) : plain ?? 'download' };
}

/** Whether an error is the one fetch throws when its request was aborted (callers ignore those). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
