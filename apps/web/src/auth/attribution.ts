/**
 * Where a visitor came from, sent with the sign-up (SPEC §7: referrer, utm fields, firstPageSeen):
 * the first page of the app they saw, the other site that sent them there, and the campaign named
 * by the utm_* parameters of the address they landed on. Kept in the browser from the first visit
 * until they sign up, possibly days later; a later visit with a campaign's parameters fills the
 * campaign when the first had none.
 */
export interface Attribution {
  firstPageSeen?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export const ATTRIBUTION_STORAGE_KEY = 'catchment.attribution';
/** The API keeps at most 200 characters of each. */
const MAX_LENGTH = 200;

export interface Landing {
  /** The address the page was opened at. */
  url: string;
  /** document.referrer: the page that linked here, empty when none. */
  referrer: string;
}

function clip(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, MAX_LENGTH) : undefined;
}

/** What this landing tells, before what was kept from earlier visits. */
export function attributionOf(landing: Landing): Attribution {
  const url = new URL(landing.url);
  const params = url.searchParams;
  let referrer: string | undefined;
  try {
    // Only another site is a referrer; a link inside the app is not.
    referrer = landing.referrer && new URL(landing.referrer).origin !== url.origin ? clip(landing.referrer) : undefined;
  } catch {
    referrer = undefined;
  }
  return {
    firstPageSeen: clip(url.pathname + url.search),
    referrer,
    utmSource: clip(params.get('utm_source')),
    utmMedium: clip(params.get('utm_medium')),
    utmCampaign: clip(params.get('utm_campaign')),
  };
}

/** The first visit's page and referrer are kept; the campaign comes from the first landing that named one. */
export function mergeAttribution(kept: Attribution | null, landing: Attribution): Attribution {
  if (!kept) return dropEmpty(landing);
  const campaign = kept.utmSource || kept.utmMedium || kept.utmCampaign
    ? { utmSource: kept.utmSource, utmMedium: kept.utmMedium, utmCampaign: kept.utmCampaign }
    : { utmSource: landing.utmSource, utmMedium: landing.utmMedium, utmCampaign: landing.utmCampaign };
  return dropEmpty({ firstPageSeen: kept.firstPageSeen ?? landing.firstPageSeen, referrer: kept.referrer ?? landing.referrer, ...campaign });
}

function dropEmpty(attribution: Attribution): Attribution {
  return Object.fromEntries(Object.entries(attribution).filter(([, value]) => typeof value === 'string' && value !== '')) as Attribution;
}

function readKept(): Attribution | null {
  try {
    const text = window.localStorage.getItem(ATTRIBUTION_STORAGE_KEY);
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (typeof parsed !== 'object' || parsed === null) return null;
    // Only the known fields, as strings: the storage is the user's to edit.
    const record = parsed as Record<string, unknown>;
    const field = (key: keyof Attribution) => (typeof record[key] === 'string' ? clip(record[key] as string) : undefined);
    return dropEmpty({
      firstPageSeen: field('firstPageSeen'), referrer: field('referrer'),
      utmSource: field('utmSource'), utmMedium: field('utmMedium'), utmCampaign: field('utmCampaign'),
    });
  } catch {
    return null;
  }
}

/** Notes this page load (called once at start); what private browsing forbids to keep lasts for the page. */
let current: Attribution = {};

export function rememberLanding(landing: Landing = { url: window.location.href, referrer: document.referrer }): void {
  current = mergeAttribution(readKept(), attributionOf(landing));
  try {
    window.localStorage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Kept for this page only.
  }
}

/** What the sign-up sends. */
export function currentAttribution(): Attribution {
  return current;
}

/** Once the account exists, its attribution is on the server. */
export function forgetAttribution(): void {
  current = {};
  try {
    window.localStorage.removeItem(ATTRIBUTION_STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
