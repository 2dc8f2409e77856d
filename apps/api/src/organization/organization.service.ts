/**
 * The organisation configuration of an account (SPEC §7): what its market-study reports print (name,
 * colours, contact line, website) and its logo. A subscription's users share its owner's (a team's
 * reports carry one organisation), which only the owner changes; anyone else's is their own. Each
 * user calls it under their own id only. A logo is judged from its bytes (SPEC §5: JPEG or PNG, at
 * most 5 MB), not from the extension it is sent with, and a refused one changes nothing.
 */
import { createHash } from 'node:crypto';
import {
  base64DecodedLength, checkLogoImage, DEFAULT_REPORT_COLORS, DomainError, LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, LOGO_MAX_MEGABYTES,
  logoTypeOfExtension, type OrganizationConfiguration, type OrganizationConfigurationBody, type SetLogoBody,
} from '@catchment/domain';
import type { ActiveSession } from '../auth/sessions.repository.js';
import { assertOwnAccount } from '../auth/session.plugin.js';
import type { ConfigurationRow, LogoSummary, OrganizationRepository, StoredLogo } from './organization.repository.js';

/** Hex digits of the content's SHA-256 that name a logo's version in its URL. */
const VERSION_LENGTH = 16;

/** The SPEC's "too large (5 MB)" refusal, also given to an upload whose request body is past the limit. */
export function logoTooLarge(): DomainError {
  return new DomainError('logoTooLarge', { details: { maxMegabytes: LOGO_MAX_MEGABYTES } });
}

export function logoVersion(sha256: string): string {
  return sha256.slice(0, VERSION_LENGTH);
}

/** Where the logo is fetched: its version in the address, so that a new logo is a new URL and an old one may be cached for good. */
export function logoUrl(clientId: number, sha256: string): string {
  return `/api/Clients/${clientId}/organization/logo?v=${logoVersion(sha256)}`;
}

/** Only the account itself may call /Clients/{id}/organization/…: 403 for anyone else. */
export function requireOwnAccount(session: ActiveSession, clientId: number): void {
  assertOwnAccount(session.clientId, clientId);
}

/** Whose organisation a user sees: the owner of the subscription they hold a licence of, else their own. */
export interface OrganizationHolder {
  /** The account whose configuration and logo are read and written. */
  holderId: number;
  /** Whether the user may change it: their own, or the subscription they own. */
  editable: boolean;
}

/** The live subscription a user holds a licence of, and their role in it (billing's subscription_members). */
export type FindMembership = (clientId: number) => Promise<{ subscription: { ownerId: number }; role: 'admin' | 'active' } | undefined>;

export function holderFromMembership(findMembership: FindMembership): (clientId: number) => Promise<OrganizationHolder> {
  return async (clientId) => {
    const membership = await findMembership(clientId);
    if (!membership) return { holderId: clientId, editable: true };
    return { holderId: membership.subscription.ownerId, editable: membership.role === 'admin' };
  };
}

function toConfiguration(clientId: number, editable: boolean, row: ConfigurationRow | undefined, logo: LogoSummary | undefined): OrganizationConfiguration {
  return {
    editable,
    name: row?.name ?? null,
    primaryColor: row?.primary_color ?? DEFAULT_REPORT_COLORS.primary,
    secondaryColor: row?.secondary_color ?? DEFAULT_REPORT_COLORS.secondary,
    contact: row?.contact ?? null,
    website: row?.website ?? null,
    logo: logo ? {
      url: logoUrl(clientId, logo.sha256),
      contentType: logo.contentType === LOGO_CONTENT_TYPES.png ? LOGO_CONTENT_TYPES.png : LOGO_CONTENT_TYPES.jpeg,
      byteLength: logo.byteLength,
      widthPixels: logo.widthPixels,
      heightPixels: logo.heightPixels,
      updatedAt: logo.updatedAt.toISOString(),
    } : null,
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

/** The base64 text of an upload: a data: URL's prefix and line breaks (MIME-style base64) taken off. */
function base64Of(logo: string): string {
  const text = logo.replace(/^data:[^,]{0,100};base64,/i, '');
  return /\s/.test(text) ? text.replace(/\s+/g, '') : text;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export class OrganizationService {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly holderOf: (clientId: number) => Promise<OrganizationHolder>,
  ) {}

  async configuration(session: ActiveSession, clientId: number): Promise<OrganizationConfiguration> {
    requireOwnAccount(session, clientId);
    return this.read(clientId, await this.holderOf(clientId));
  }

  async update(session: ActiveSession, clientId: number, changes: OrganizationConfigurationBody): Promise<OrganizationConfiguration> {
    const holder = await this.requireEditable(session, clientId);
    const row = await this.organizations.saveConfiguration(holder.holderId, changes);
    return toConfiguration(clientId, true, row, await this.organizations.findLogoSummary(holder.holderId));
  }

  /**
   * Checks an upload and stores it in place of the previous logo: an extension other than JPEG's or
   * PNG's, or bytes that are not one, is LOGO_UNSUPPORTED_TYPE; more than 5 MB (counted before
   * decoding) LOGO_TOO_LARGE; text that is not base64, or a JPEG or PNG that cannot be read,
   * LOGO_SET_FAILED.
   */
  async setLogo(session: ActiveSession, clientId: number, upload: SetLogoBody): Promise<OrganizationConfiguration> {
    const holder = await this.requireEditable(session, clientId);
    if (!logoTypeOfExtension(upload.ext)) throw new DomainError('logoUnsupportedType');
    const text = base64Of(upload.logo);
    if (base64DecodedLength(text) > LOGO_MAX_BYTES) throw logoTooLarge();
    if (!BASE64.test(text)) throw new DomainError('logoSetFailed');
    const content = Buffer.from(text, 'base64');
    const image = checkLogoImage(content);
    if (!image.valid) throw new DomainError(image.reason === 'unsupportedType' ? 'logoUnsupportedType' : 'logoSetFailed');
    await this.organizations.saveLogo(holder.holderId, {
      content,
      // The type the bytes are, whichever of the two the extension named.
      contentType: LOGO_CONTENT_TYPES[image.type],
      byteLength: content.length,
      widthPixels: image.widthPixels,
      heightPixels: image.heightPixels,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    return this.read(clientId, holder);
  }

  async removeLogo(session: ActiveSession, clientId: number): Promise<void> {
    const holder = await this.requireEditable(session, clientId);
    await this.organizations.deleteLogo(holder.holderId);
  }

  /** The logo's bytes and type (the subscription owner's for its users); NOT_FOUND when there is none. */
  async logo(session: ActiveSession, clientId: number): Promise<StoredLogo> {
    requireOwnAccount(session, clientId);
    const logo = await this.organizations.findLogo((await this.holderOf(clientId)).holderId);
    if (!logo) throw new DomainError('notFound');
    return logo;
  }

  /**
   * What a report of `clientId` prints of its organisation (the subscription owner's for its
   * users): the configuration and the logo's bytes. No session: a report job acts for its orderer.
   */
  async forReport(clientId: number): Promise<{ configuration: OrganizationConfiguration; logo: StoredLogo | undefined }> {
    const holder = await this.holderOf(clientId);
    const [configuration, logo] = await Promise.all([this.read(clientId, holder), this.organizations.findLogo(holder.holderId)]);
    return { configuration, logo };
  }

  /** The user's own account, and an organisation they may change: a subscription's users read their owner's, 403 NOT_SUBSCRIPTION_OWNER. */
  private async requireEditable(session: ActiveSession, clientId: number): Promise<OrganizationHolder> {
    requireOwnAccount(session, clientId);
    const holder = await this.holderOf(clientId);
    if (!holder.editable) throw new DomainError('notSubscriptionOwner');
    return holder;
  }

  private async read(clientId: number, holder: OrganizationHolder): Promise<OrganizationConfiguration> {
    const [row, logo] = await Promise.all([
      this.organizations.findConfiguration(holder.holderId), this.organizations.findLogoSummary(holder.holderId),
    ]);
    return toConfiguration(clientId, holder.editable, row, logo);
  }
}
