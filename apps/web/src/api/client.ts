/**
 * The one way the web app talks to the API (SPEC §7): credentials, language and no-cache on every
 * call, JSON in and out, errors as ApiError carrying the server's translated message. A 401 outside
 * /auth/* sends the user to the login page, and the token-life-time header schedules that redirect
 * for the moment the session ends. A 403 PLAN_REQUIRED is announced (plan-required.ts) so that the
 * plans dialog offers the plan that unlocks it, whichever call met it. Uploads go through
 * apiUpload, the one call made with XMLHttpRequest (fetch cannot say how much of a body has gone).
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

/**
 * Calls authenticated by an app key alone (/Appkeys/{key}/…, the extractor page): sent without the
 * session's cookie, and their 401 (a wrong or revoked key) is the page's to explain, not a reason
 * to send its user to the login page.
 */
function isAppKeyPath(path: string): boolean {
  return path.startsWith('/Appkeys/');
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

/** The headers every call sends: the language, no cache, and what the caller accepts. */
function commonHeaders(accept: string, extra: Record<string, string> | undefined): Record<string, string> {
  return { Accept: accept, 'Accept-Language': currentLocale(), 'Cache-Control': 'no-cache', ...extra };
}

/** An answer as fetch and XMLHttpRequest both give it. */
interface Answer {
  status: number;
  statusText: string;
  header(name: string): string | null;
  body(): Promise<unknown>;
}

/** Checks an answer (session expiry, 401 → login, errors as ApiError announcing PLAN_REQUIRED); the caller reads the body. */
async function checkAnswer(path: string, answer: Answer): Promise<void> {
  const lifeTime = answer.header(TOKEN_LIFE_TIME_HEADER);
  if (lifeTime !== null && Number.isFinite(Number(lifeTime))) scheduleSessionExpiry(Number(lifeTime));

  if (answer.status === 401 && !isAuthPath(path) && !isAppKeyPath(path)) redirectToLogin();

  if (answer.status < 200 || answer.status >= 300) {
    const parsed = (await answer.body()) as ErrorBody | undefined;
    const error = parsed?.error;
    const failure = new ApiError(answer.status, error?.code ?? 'HTTP_' + answer.status, error?.message ?? answer.statusText, error?.details);
    const planRequired = planRequiredOf(failure.code, failure.details);
    if (planRequired) announcePlanRequired(planRequired);
    throw failure;
  }
}

/** Sends a call and checks its answer (errors as ApiError, 401 → login, session expiry); the caller reads the body. */
async function send(method: HttpMethod, path: string, body: unknown, options: ApiRequestOptions, accept: string): Promise<Response> {
  const headers = commonHeaders(accept, options.headers);
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  // fetch rejects with an AbortError when the caller aborts: it propagates as is and callers ignore it.
  const response = await fetch(`${API_PREFIX}${path}`, {
    method,
    credentials: isAppKeyPath(path) ? 'omit' : 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  await checkAnswer(path, {
    status: response.status, statusText: response.statusText, header: (name) => response.headers.get(name), body: () => readJson(response),
  });
  return response;
}

/** Writes based on a version (in the body, an If-Match header or the query) waiting for their answer. */
let versionedWritesInFlight = 0;

/**
 * Whether this page's writes based on a version are waiting for their answer: a newer version the
 * real-time channel announces meanwhile may be theirs, which their answers will bring.
 */
export function versionedWritesPending(): boolean {
  return versionedWritesInFlight > 0;
}

function isVersionedWrite(path: string, body: unknown, options: ApiRequestOptions): boolean {
  return options.headers?.['If-Match'] !== undefined || /[?&]version=/.test(path)
    || (typeof body === 'object' && body !== null && 'version' in body);
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const versioned = isVersionedWrite(path, body, options);
  if (versioned) versionedWritesInFlight += 1;
  try {
    const response = await send(method, path, body, options, 'application/json');
    if (response.status === 204 || method === 'HEAD') return undefined as T;
    return (await readJson(response)) as T;
  } finally {
    if (versioned) versionedWritesInFlight -= 1;
  }
}

/** A file the API sends (an XLSX export): its content and the name the server gives it. */
export async function apiDownload(method: HttpMethod, path: string, body?: unknown, options: ApiRequestOptions = {}): Promise<{ blob: Blob; filename: string }> {
  const response = await send(method, path, body, options, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  const utf8 = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  const plain = disposition.match(/filename="([^"]+)"/i)?.[1];
  return { blob: await response.blob(), filename: utf8 ? decodeURIComponent(utf8) : plain ?? 'download' };
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Called as the body goes out, with the share of it sent (0–1). */
  onProgress?(fraction: number): void;
}

/**
 * Sends a form (a file) with POST and reads the JSON answer, saying how much of the body has gone
 * out as it goes: fetch cannot tell that, so this one call uses XMLHttpRequest, with the same
 * headers and the same handling of the answer as every other call. An abort rejects with an
 * AbortError; a connection lost on the way with a TypeError, as fetch does.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_PREFIX}${path}`);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(commonHeaders('application/json', undefined))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => { if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total); };
    const aborted = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    request.onabort = aborted;
    request.onerror = () => reject(new TypeError('The upload failed: the connection was lost'));
    request.onload = () => {
      const body = async () => {
        try {
          return request.responseText ? JSON.parse(request.responseText) as unknown : undefined;
        } catch {
          return undefined;
        }
      };
      checkAnswer(path, { status: request.status, statusText: request.statusText, header: (name) => request.getResponseHeader(name), body })
        .then(body).then((answer) => resolve(answer as T), reject);
    };
    if (options.signal?.aborted) {
      aborted();
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Whether an error is the one fetch throws when its request was aborted (callers ignore those). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
