import { z } from 'zod';
import { LOGO_CONTENT_TYPES } from '../organization/logo-image.js';
import { normalizeWebsite, ORGANIZATION_TEXT_LIMITS } from '../organization/organization.js';
import { hexColor } from './common.js';

/** A text that may be cleared: an empty string or null removes it. */
const clearableText = (max: number) => z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.tooLong' })
  .transform((value) => (value === '' ? null : value)).nullable().optional();

/** #rrggbb, stored in lower case; null goes back to the default colour. */
const reportColor = hexColor.transform((value) => value.toLowerCase()).nullable().optional();

const website = z.string({ error: 'validation.website' }).max(ORGANIZATION_TEXT_LIMITS.website, { error: 'validation.tooLong' })
  .transform((value, ctx) => {
    if (value.trim() === '') return null;
    const normalized = normalizeWebsite(value);
    if (normalized === undefined || normalized.length > ORGANIZATION_TEXT_LIMITS.website) {
      ctx.addIssue({ code: 'custom', message: 'validation.website' });
      return z.NEVER;
    }
    return normalized;
  }).nullable().optional();

/**
 * PATCH /Clients/{id}/organization/configuration: the fields given change, the others stay. The
 * organisation's name, the report colours, a contact line (phone, e-mail, address as it should be
 * printed) and the website the reports carry.
 */
export const organizationConfigurationBody = z.object({
  name: clearableText(ORGANIZATION_TEXT_LIMITS.name),
  primaryColor: reportColor,
  secondaryColor: reportColor,
  contact: clearableText(ORGANIZATION_TEXT_LIMITS.contact),
  website,
});
export type OrganizationConfigurationBody = z.infer<typeof organizationConfigurationBody>;

/**
 * POST /Clients/{id}/organization/setLogo (SPEC §7): the file in base64 (a data: URL is accepted
 * too) and its extension. Type and size are the server's to judge from the bytes (SPEC §5), so that
 * their refusals carry the SPEC's messages rather than a validation error's.
 */
export const setLogoBody = z.object({
  logo: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  ext: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(20, { error: 'validation.tooLong' }),
});
export type SetLogoBody = z.infer<typeof setLogoBody>;

/** GET …/organization/logo: `v` names the logo's version; a request that names the current one may be cached for good. */
export const organizationLogoQuery = z.object({ v: z.string().max(64).optional() });

export const organizationLogo = z.object({
  /** Where the app and the reports fetch it (GET /api/Clients/{id}/organization/logo?v=…), changed with every new logo. */
  url: z.string(),
  contentType: z.enum([LOGO_CONTENT_TYPES.png, LOGO_CONTENT_TYPES.jpeg]),
  byteLength: z.number().int(),
  widthPixels: z.number().int(),
  heightPixels: z.number().int(),
  updatedAt: z.string(),
});
export type OrganizationLogo = z.infer<typeof organizationLogo>;

/** GET and PATCH /Clients/{id}/organization/configuration: the colours in force (defaults until chosen); a subscription's users get its owner's. */
export const organizationConfiguration = z.object({
  /** false for the users of a subscription other than its owner: they read the owner's organisation and change nothing. */
  editable: z.boolean(),
  name: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  contact: z.string().nullable(),
  website: z.string().nullable(),
  logo: organizationLogo.nullable(),
  /** null until anything was saved. */
  updatedAt: z.string().nullable(),
});
export type OrganizationConfiguration = z.infer<typeof organizationConfiguration>;
