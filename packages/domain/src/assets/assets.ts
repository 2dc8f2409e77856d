/**
 * Images a user keeps for their market-study reports (SPEC §3 Project asset, §7 assets): what an
 * upload may be, how many an account keeps, the name an image is listed by, and who may add one.
 * The bytes are judged as the organisation's logo is (organization/logo-image.ts: JPEG or PNG read
 * from the bytes, never from the name); shared by the API and the web app.
 */
import { LOGO_MAX_MEGABYTES } from '../organization/organization.js';
import type { LogoImageType } from '../organization/logo-image.js';
import { featureGranted, FEATURES } from '../plans/features.js';
import { REPORT_COUNTRIES } from '../reports/report.js';

/** A report image has the logo's limit (SPEC §9: 5 MB): both end up in the same PDF. */
export const ASSET_MAX_MEGABYTES = LOGO_MAX_MEGABYTES;
export const ASSET_MAX_BYTES = ASSET_MAX_MEGABYTES * 1024 * 1024;

/**
 * Images one account keeps at most: enough for a cover, section pictures and a few variants, while
 * the bytes (kept in the database) stay within 250 MB an account.
 */
export const MAX_ASSETS_PER_ACCOUNT = 50;

/** Characters of an image's name, as listed. */
export const ASSET_NAME_MAX_LENGTH = 200;

/** Ids one bulk deletion names at most (the account holds no more than this anyway). */
export const ASSET_DELETE_MAX_IDS = MAX_ASSETS_PER_ACCOUNT;

/**
 * The name an uploaded image is listed by: the file's own name without any folder a browser or a
 * tool sent with it, runs of spaces (tabs, line breaks) made one space, other control characters dropped, at most
 * ASSET_NAME_MAX_LENGTH characters (whole characters, not halves of a surrogate pair). A file
 * without a usable name is called "image" with the extension of what its bytes are.
 */
export function assetName(fileName: string | null | undefined, type: LogoImageType): string {
  const base = (fileName ?? '').split(/[/\\]/).pop() ?? '';
  // Tabs and line breaks are spaces first; the other control characters then go.
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = base.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const name = Array.from(cleaned).slice(0, ASSET_NAME_MAX_LENGTH).join('').trim();
  return name === '' ? `image.${type === 'png' ? 'png' : 'jpg'}` : name;
}

/** The feature a refused upload names: reports, of the first country they are offered in (the plan is the same everywhere). */
export const ASSET_UPLOAD_FEATURE = FEATURES.reports(REPORT_COUNTRIES[0]);

/**
 * Whether a plan's features let its holder add report images: reports in any country (SPEC §6,
 * PRO). Listing, reading and deleting stay open to every account, so that one back on the free
 * plan can still clear its images.
 */
export function mayUploadAssets(features: readonly string[]): boolean {
  return REPORT_COUNTRIES.some((country) => featureGranted(features, FEATURES.reports(country)));
}
