/**
 * What the adapters of remote geocoding services share: one HTTP call with a time limit, its
 * failures (no answer in time, 429, 5xx, an answer that cannot be read) turned into the batch's
 * GeocodeFailure rather than thrown at the caller, and the batch sent a row per request, a few at
 * a time, for the services that take one address per request.
 */
import type { AddressQuery, GeocodeFailure, GeocodeOptions, GeocodeResult } from '../geocoder.js';

export interface RemoteGeocoderOptions {
  /** The service's base URL (the operator's own instance). */
  baseUrl: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Requests at a time, for services answering one address per request; default 4. */
  concurrency?: number;
  /** Sent as User-Agent: OpenStreetMap's services ask that a client say who it is. */
  userAgent?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_CONCURRENCY = 4;

/** A request the service did not answer usefully: the rows it concerned are reported with it. */
export class RemoteGeocodeError extends Error {
  constructor(readonly failure: GeocodeFailure) {
    super(failure.message);
  }
}

/** The response, when the service answered 2xx in time; RemoteGeocodeError otherwise. The caller's abort is rethrown as it is. */
export async function fetchFromService(service: string, url: URL, init: RequestInit, options: RemoteGeocoderOptions, signal?: AbortSignal): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { ...(options.userAgent ? { 'user-agent': options.userAgent } : {}), ...init.headers },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    signal?.throwIfAborted();
    if (timeout.aborted) throw new RemoteGeocodeError({ code: 'timeout', message: `${service} did not answer within ${timeoutMs / 1000} s` });
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new RemoteGeocodeError({ code: 'unavailable', message: `${service} could not be reached: ${cause?.code ?? cause?.message ?? (error as Error).message}` });
  }
  if (response.ok) return response;
  const detail = (await response.text().catch(() => '')).slice(0, 200).trim();
  const said = detail ? `: ${detail}` : '';
  if (response.status === 429) {
    const retryAfterSeconds = retryAfter(response.headers.get('retry-after'));
    throw new RemoteGeocodeError({
      code: 'rate_limited', message: `${service} refused more requests for now (429)${said}`, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    });
  }
  if (response.status >= 500) throw new RemoteGeocodeError({ code: 'unavailable', message: `${service} failed (${response.status})${said}` });
  throw new RemoteGeocodeError({ code: 'bad_response', message: `${service} refused the request (${response.status})${said}` });
}

/** The body as JSON, or RemoteGeocodeError('bad_response'). */
export async function readJson(service: string, response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new RemoteGeocodeError({ code: 'bad_response', message: `${service} answered something other than JSON: ${text.slice(0, 100)}` });
  }
}

/** Retry-After in seconds (a number of seconds or an HTTP date). */
export function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * A batch sent a row per request, `concurrency` at a time. At the first failure no more rows are
 * sent (a service that fails or limits us would only fail them too): the rows answered keep their
 * answer, the others come back with the failure.
 */
export async function geocodeRowByRow(
  batch: readonly AddressQuery[], options: RemoteGeocoderOptions, geocodeOptions: GeocodeOptions,
  geocodeRow: (query: AddressQuery, signal: AbortSignal | undefined, index: number) => Promise<GeocodeResult>,
): Promise<GeocodeResult[]> {
  const results: Array<GeocodeResult | undefined> = new Array(batch.length);
  let next = 0;
  let done = 0;
  let failure: GeocodeFailure | undefined;
  const worker = async () => {
    while (failure === undefined && next < batch.length) {
      geocodeOptions.signal?.throwIfAborted();
      const i = next++;
      try {
        results[i] = await geocodeRow(batch[i]!, geocodeOptions.signal, i);
      } catch (error) {
        if (!(error instanceof RemoteGeocodeError)) throw error;
        failure ??= error.failure;
        return;
      }
      done += 1;
      geocodeOptions.onProgress?.(done, batch.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(batch.length, options.concurrency ?? DEFAULT_CONCURRENCY) }, worker));
  return Array.from(results, (result) => result ?? { precision: null, failure: failure! });
}

/** The whole batch failed with one request (a batch endpoint). */
export function failedBatch(size: number, error: RemoteGeocodeError): GeocodeResult[] {
  return Array.from({ length: size }, () => ({ precision: null, failure: error.failure }));
}

/** A finite [lng, lat], or null. */
export function position(lng: unknown, lat: unknown): [number, number] | null {
  const x = typeof lng === 'string' ? Number(lng) : lng;
  const y = typeof lat === 'string' ? Number(lat) : lat;
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y) && (lng !== '' && lat !== '') ? [x, y] : null;
}
