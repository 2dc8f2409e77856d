/**
 * An account's report images (SPEC §3 Project asset, §7 assets): uploaded, listed, read and deleted
 * by the account itself (the routes check the session), and read by the market-study report
 * (`assetDataUrl`, `assetContent`). An image is judged from its bytes as the organisation's logo is
 * (`checkLogoImage`: JPEG or PNG, readable, its size in pixels), at most ASSET_MAX_BYTES; a refused
 * one stores nothing. Adding one needs reports in the plan (SPEC §6, PRO); listing, reading and
 * deleting do not, so that an account back on the free plan can still clear its images.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  ASSET_MAX_BYTES, ASSET_MAX_MEGABYTES, ASSET_UPLOAD_FEATURE, assetName, checkLogoImage, DomainError, LOGO_CONTENT_TYPES,
  MAX_ASSETS_PER_ACCOUNT, mayUploadAssets, type AssetSummary, type DeletedAssets,
} from '@catchment/domain';
import type { AppContext } from '../context.js';
import { planRequired, type PlanAccess } from '../plans/plan-access.js';
import { AssetsRepository, type AssetRecord, type StoredAsset } from './assets.repository.js';

/** The SPEC's "too large" refusal, also given to an upload stopped as it streamed past the limit. */
export function assetTooLarge(): DomainError {
  return new DomainError('assetTooLarge', { details: { maxMegabytes: ASSET_MAX_MEGABYTES } });
}

/** What the report prints: an image's bytes and their type. */
export interface AssetContent {
  contentType: AssetSummary['contentType'];
  content: Buffer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function contentTypeOf(stored: string): AssetSummary['contentType'] {
  return stored === LOGO_CONTENT_TYPES.png ? LOGO_CONTENT_TYPES.png : LOGO_CONTENT_TYPES.jpeg;
}

function toSummary(record: AssetRecord): AssetSummary {
  return {
    id: record.id, name: record.name, contentType: contentTypeOf(record.contentType), byteLength: record.byteLength,
    widthPixels: record.widthPixels, heightPixels: record.heightPixels, createdAt: record.createdAt.toISOString(),
  };
}

export class AssetsService {
  constructor(private readonly assets: AssetsRepository, private readonly plans: PlanAccess) {}

  /** 403 PLAN_REQUIRED (naming the plan with reports) unless the account's plan has reports: checked before an upload's body is read. */
  async requireUploadAllowed(clientId: number): Promise<void> {
    const access = await this.plans.of(clientId);
    if (!mayUploadAssets(access.features)) throw planRequired(ASSET_UPLOAD_FEATURE);
  }

  list(clientId: number): Promise<AssetSummary[]> {
    return this.assets.list(clientId).then((records) => records.map(toSummary));
  }

  /**
   * Checks an uploaded file and keeps it: bytes that are not a JPEG or PNG are
   * ASSET_UNSUPPORTED_TYPE, one that cannot be read ASSET_UNREADABLE, more than 5 MB ASSET_TOO_LARGE,
   * one past the account's MAX_ASSETS_PER_ACCOUNT images ASSET_LIMIT_REACHED.
   */
  async upload(clientId: number, fileName: string | undefined, content: Buffer): Promise<AssetSummary> {
    await this.requireUploadAllowed(clientId);
    if (content.length > ASSET_MAX_BYTES) throw assetTooLarge();
    const image = checkLogoImage(content);
    if (!image.valid) throw new DomainError(image.reason === 'unsupportedType' ? 'assetUnsupportedType' : 'assetUnreadable');
    const asset = {
      id: randomUUID(),
      name: assetName(fileName, image.type),
      // The type the bytes are, whatever the name said.
      contentType: LOGO_CONTENT_TYPES[image.type],
      content,
      byteLength: content.length,
      widthPixels: image.widthPixels,
      heightPixels: image.heightPixels,
      sha256: createHash('sha256').update(content).digest('hex'),
    };
    const record = await this.assets.withAccountLocked(clientId, async (assets) => {
      if (await assets.count(clientId) >= MAX_ASSETS_PER_ACCOUNT) {
        throw new DomainError('assetLimitReached', { details: { maxAssets: MAX_ASSETS_PER_ACCOUNT } });
      }
      return assets.insert(clientId, asset);
    });
    return toSummary(record);
  }

  /** An image of the account with its bytes; ASSET_NOT_FOUND when it has none of that id (another account's included). */
  async file(clientId: number, assetId: string): Promise<StoredAsset> {
    const asset = await this.assets.find(clientId, assetId);
    if (!asset) throw new DomainError('assetNotFound');
    return asset;
  }

  /**
   * Deletes the images named, all or none: when one is not the account's (unknown, deleted
   * already, another account's), nothing is deleted and the answer is 404 ASSET_NOT_FOUND with
   * `details.assets` naming those. The answer names the images deleted.
   */
  async remove(clientId: number, assetIds: readonly string[]): Promise<DeletedAssets> {
    const outcome = await this.assets.deleteAll(clientId, assetIds);
    if ('missing' in outcome) throw new DomainError('assetNotFound', { details: { assets: outcome.missing } });
    return { assets: outcome.deleted };
  }

  /** For the report: an image's bytes and type when it is the account's, else null. */
  async assetContent(clientId: number, assetId: string): Promise<AssetContent | null> {
    // An id that is no UUID names no image (and would be an error of the database's uuid type).
    if (!UUID.test(assetId)) return null;
    const asset = await this.assets.find(clientId, assetId);
    return asset ? { contentType: contentTypeOf(asset.contentType), content: asset.content } : null;
  }

  /** For the report's page: the image as a data: URL (`data:image/png;base64,…`) when it is the account's, else null. */
  async assetDataUrl(clientId: number, assetId: string): Promise<string | null> {
    const asset = await this.assetContent(clientId, assetId);
    return asset ? `data:${asset.contentType};base64,${asset.content.toString('base64')}` : null;
  }
}

/** The service over a server's database: what the routes use, and what the report calls. */
export function assetsOf(ctx: AppContext): AssetsService {
  return new AssetsService(new AssetsRepository(ctx.database.db), ctx.plans);
}
