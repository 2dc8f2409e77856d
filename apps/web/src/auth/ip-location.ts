/**
 * The approximate place a session is opened from (SPEC §7): one GET to the IP-location service the
 * server names in its config, given 500 ms; without a service, or when it is slow, fails or answers
 * something else than coordinates, Paris for French and Washington for English (SPEC §9).
 */
import type { Locale } from '@catchment/domain';

export interface LngLat { lng: number; lat: number }

export const IP_LOCATION_TIMEOUT_MS = 500;

export const FALLBACK_LOCATIONS: Readonly<Record<Locale, LngLat>> = {
  fr: { lng: 2.3522, lat: 48.8566 },
  en: { lng: -77.0369, lat: 38.9072 },
};

function coordinate(value: unknown, limit: number): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit ? number : undefined;
}

/**
 * The coordinates in an IP-location answer, whichever common spelling the service uses
 * (`latitude`/`longitude`, `lat`/`lon`, `lat`/`lng`, or a `location` object holding them).
 */
export function coordinatesIn(body: unknown): LngLat | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const lat = coordinate(record.latitude ?? record.lat, 90);
  const lng = coordinate(record.longitude ?? record.lon ?? record.lng, 180);
  if (lat !== undefined && lng !== undefined) return { lng, lat };
  return record.location !== body ? coordinatesIn(record.location) : undefined;
}

export interface IpLocationOptions {
  /** The service's address; null or empty: no call, the fallback at once. */
  url: string | null | undefined;
  locale: Locale;
  timeoutMs?: number;
}

export async function locateByIp({ url, locale, timeoutMs = IP_LOCATION_TIMEOUT_MS }: IpLocationOptions): Promise<LngLat> {
  const fallback = FALLBACK_LOCATIONS[locale] ?? FALLBACK_LOCATIONS.en;
  if (!url) return fallback;
  try {
    // Neither cookies nor a referrer go to the other host.
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return fallback;
    return coordinatesIn(await response.json()) ?? fallback;
  } catch {
    return fallback;
  }
}
