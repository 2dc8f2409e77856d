/**
 * Report images (SPEC §3 Project asset, §7 assets, §8 asset errors): JPEG and PNG files uploaded,
 * judged by their bytes and listed by their name, newest first; their bytes read back identical
 * with their type and caching headers; the refusals (a GIF, a file cut short, more than 5 MB, no
 * file, past the account's cap), each translated and storing nothing; the bulk deletion, all or
 * none; no one but the account itself seeing any of it; uploads from PRO only (reports), while an
 * account back on the free plan still lists, reads and deletes; and what the report reads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ASSET_MAX_BYTES, MAX_ASSETS_PER_ACCOUNT, type AssetSummary, type DeletedAssets, type Plan } from '@catchment/domain';
import { TEST_GIF, testJpeg, testPng } from '../../../packages/domain/src/organization/test-images.js';
import { assetsOf } from '../src/assets/assets.service.js';
import type { AppContext } from '../src/context.js';
import { signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, expectError, expectStatus } from './maps-factories.js';

let app: FastifyInstance;
let ctx: AppContext;
beforeAll(async () => { ({ app, ctx } = await testApp()); });

interface UploadOptions { field?: string; lang?: 'en' | 'fr'; clientId?: number }

/** POST /Clients/{id}/assets as the app sends it: multipart, the file in `file` with its name. */
function upload(user: TestUser, bytes: Uint8Array, fileName: string, options: UploadOptions = {}): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([new Uint8Array(bytes)]), fileName);
  return app.inject({
    method: 'POST', url: `/api/Clients/${options.clientId ?? user.id}/assets`, payload: form,
    headers: { cookie: user.cookie, ...(options.lang ? { 'accept-language': options.lang } : {}) },
  });
}

const uploaded = (user: TestUser, bytes: Uint8Array, fileName: string) => expectStatus<AssetSummary>(201, upload(user, bytes, fileName));
const list = (user: TestUser) => expectStatus<AssetSummary[]>(200, call(app, 'GET', `/Clients/${user.id}/assets`, { as: user }));
const read = (user: TestUser, assetId: string, headers: Record<string, string> = {}) =>
  call(app, 'GET', `/Clients/${user.id}/assets/${assetId}`, { as: user, headers });
const remove = (user: TestUser, assets: unknown, lang?: 'en' | 'fr') =>
  call(app, 'DELETE', `/Clients/${user.id}/assets`, { as: user, payload: { assets }, ...(lang ? { lang } : {}) });

async function setPlan(user: TestUser, plan: Plan) {
  await ctx.clients.setPlan(user.email, plan, null);
}


describe('uploading report images', () => {
  it('keeps a PNG and a JPEG with their name, type, size and pixels, and lists them newest first', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const png = testPng({ widthPixels: 40, heightPixels: 30 });
    const first = await uploaded(user, png, 'Façade du magasin.png');
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Façade du magasin.png', contentType: 'image/png',
      byteLength: png.length, widthPixels: 40, heightPixels: 30, createdAt: expect.any(String),
    });
    const jpeg = testJpeg(24, 16);
    const second = await uploaded(user, jpeg, 'C:\\Photos\\vitrine.jpeg');
    expect(second).toMatchObject({ name: 'vitrine.jpeg', contentType: 'image/jpeg', byteLength: jpeg.length, widthPixels: 24, heightPixels: 16 });
    expect(await list(user)).toEqual([second, first]);
  });

  it('serves the bytes back identical, with their type, an ETag of their SHA-256 and caching for good', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const png = testPng({ widthPixels: 64, heightPixels: 64 });
    const jpeg = testJpeg(32, 8);
    const pngAsset = await uploaded(user, png, 'plan.png');
    const jpegAsset = await uploaded(user, jpeg, 'photo.jpg');

    const pngAnswer = await read(user, pngAsset.id);
    expect(pngAnswer.statusCode).toBe(200);
    expect(pngAnswer.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(pngAnswer.rawPayload, Buffer.from(png))).toBe(0);
    const { createHash } = await import('node:crypto');
    expect(pngAnswer.headers.etag).toBe(`"${createHash('sha256').update(png).digest('hex')}"`);
    expect(pngAnswer.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);

    const jpegAnswer = await read(user, jpegAsset.id);
    expect(jpegAnswer.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(jpegAnswer.rawPayload, Buffer.from(jpeg))).toBe(0);

    const revalidated = await read(user, pngAsset.id, { 'if-none-match': pngAnswer.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('takes the type from the bytes, not the name: a PNG named .jpg is a PNG', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const asset = await uploaded(user, testPng(), 'renamed.jpg');
    expect(asset.contentType).toBe('image/png');
    expect((await read(user, asset.id)).headers['content-type']).toBe('image/png');
  });

  it('takes an image of exactly 5 MB', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const asset = await uploaded(user, testPng({ totalBytes: ASSET_MAX_BYTES }), 'large.png');
    expect(asset.byteLength).toBe(ASSET_MAX_BYTES);
  });

  it('refuses a GIF, a file cut short, more than 5 MB and a request without a file, translated, storing nothing', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const kept = await uploaded(user, testPng(), 'kept.png');

    expectError(await upload(user, TEST_GIF, 'animation.gif'), 415, 'ASSET_UNSUPPORTED_TYPE', 'This type of file is not supported: only JPEG and PNG images are accepted');
    expectError(await upload(user, TEST_GIF, 'animation.png', { lang: 'fr' }), 415, 'ASSET_UNSUPPORTED_TYPE', /seules les images JPEG et PNG/);
    const png = testPng();
    expectError(await upload(user, png.subarray(0, png.length - 20), 'cut.png'), 422, 'ASSET_UNREADABLE');
    const jpeg = testJpeg();
    expectError(await upload(user, jpeg.subarray(0, 40), 'cut.jpg', { lang: 'fr' }), 422, 'ASSET_UNREADABLE', /n'a pas pu être lu comme une image/);

    const tooLarge = expectError(await upload(user, testPng({ totalBytes: ASSET_MAX_BYTES + 1 }), 'huge.png'), 413, 'ASSET_TOO_LARGE', 'This image is too large: it may not exceed 5 MB');
    expect(tooLarge.details).toEqual({ maxMegabytes: 5 });
    expectError(await upload(user, testPng({ totalBytes: ASSET_MAX_BYTES + 200_000 }), 'huge.png', { lang: 'fr' }), 413, 'ASSET_TOO_LARGE', /ne doit pas dépasser 5 Mo/);

    expectError(await upload(user, testPng(), 'other-field.png', { field: 'image' }), 400, 'ASSET_MISSING', 'Choose an image to upload');
    expectError(await call(app, 'POST', `/Clients/${user.id}/assets`, { as: user, payload: { file: 'not a file' } }), 400, 'ASSET_MISSING');

    expect(await list(user)).toEqual([kept]);
  });

  it(`keeps at most ${MAX_ASSETS_PER_ACCOUNT} images an account, one upload at a time even when they come together`, async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const small = testPng({ widthPixels: 2, heightPixels: 2 });
    for (let n = 0; n < MAX_ASSETS_PER_ACCOUNT - 2; n += 1) await uploaded(user, small, `image-${n}.png`);
    // Three at once for the last two places: two are kept, the third refused.
    const together = await Promise.all([1, 2, 3].map((n) => upload(user, small, `together-${n}.png`)));
    expect(together.map((response) => response.statusCode).sort()).toEqual([201, 201, 409]);
    expect((await list(user)).length).toBe(MAX_ASSETS_PER_ACCOUNT);

    const refused = expectError(await upload(user, small, 'one-more.png', { lang: 'fr' }), 409, 'ASSET_LIMIT_REACHED', /déjà 50 images/);
    expect(refused.details).toEqual({ maxAssets: MAX_ASSETS_PER_ACCOUNT });
    expectError(await upload(user, small, 'one-more.png'), 409, 'ASSET_LIMIT_REACHED', `You keep ${MAX_ASSETS_PER_ACCOUNT} images already, the most an account may: delete some to add others`);
    expect((await list(user)).length).toBe(MAX_ASSETS_PER_ACCOUNT);

    // A place freed is a place taken again.
    const [oldest] = (await list(user)).slice(-1);
    await expectStatus(200, remove(user, [oldest!.id]));
    await uploaded(user, small, 'in-its-place.png');
  });
});

describe('deleting report images', () => {
  it('deletes the images named together and answers which', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const [a, b, c] = [await uploaded(user, testPng(), 'a.png'), await uploaded(user, testJpeg(), 'b.jpg'), await uploaded(user, testPng(), 'c.png')];
    const deleted = await expectStatus<DeletedAssets>(200, remove(user, [a.id, c.id.toUpperCase(), a.id]));
    expect(deleted.assets.sort()).toEqual([a.id, c.id].sort());
    expect(await list(user)).toEqual([b]);
    expectError(await read(user, a.id), 404, 'ASSET_NOT_FOUND', 'This image does not exist (any more)');
  });

  it('deletes nothing when one of the images named is not the account\'s, and names it', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const other = await signUpOnPlan(app, 'pro_2020');
    const mine = await uploaded(user, testPng(), 'mine.png');
    const theirs = await uploaded(other, testPng(), 'theirs.png');
    const unknown = '00000000-0000-4000-8000-000000000000';

    const refused = expectError(await remove(user, [mine.id, unknown], 'fr'), 404, 'ASSET_NOT_FOUND', "Cette image n'existe pas (ou plus)");
    expect(refused.details).toEqual({ assets: [unknown] });
    expect((await remove(user, [mine.id, theirs.id])).json().error.details).toEqual({ assets: [theirs.id] });
    expect(await list(user)).toEqual([mine]);
    expect(await list(other)).toEqual([theirs]);
  });

  it('refuses a body without ids, or with something else than ids', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    expectError(await remove(user, []), 400, 'VALIDATION_ERROR');
    expectError(await remove(user, ['not-an-id'], 'en'), 400, 'VALIDATION_ERROR', /Invalid image identifier/);
    expectError(await call(app, 'DELETE', `/Clients/${user.id}/assets`, { as: user, payload: {} }), 400, 'VALIDATION_ERROR');
  });
});

describe('whose images', () => {
  it('lets no one else list, read or delete them: another account is 403, another account\'s image a 404', async () => {
    const owner = await signUpOnPlan(app, 'pro_2020');
    const other = await signUpOnPlan(app, 'pro_2020');
    const asset = await uploaded(owner, testPng(), 'owner.png');

    expectError(await call(app, 'GET', `/Clients/${owner.id}/assets`, { as: other }), 403, 'FORBIDDEN');
    expectError(await call(app, 'GET', `/Clients/${owner.id}/assets/${asset.id}`, { as: other }), 403, 'FORBIDDEN');
    expectError(await call(app, 'DELETE', `/Clients/${owner.id}/assets`, { as: other, payload: { assets: [asset.id] } }), 403, 'FORBIDDEN');
    expectError(await upload(other, testPng(), 'intruder.png', { clientId: owner.id }), 403, 'FORBIDDEN');
    expectError(await read(other, asset.id), 404, 'ASSET_NOT_FOUND');
    expectError(await call(app, 'GET', `/Clients/${owner.id}/assets`), 401, 'UNAUTHORIZED');
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toEqual([asset]);
  });

  it('gives the report an image of the account as a data: URL or its bytes, and nothing of another account\'s', async () => {
    const owner = await signUpOnPlan(app, 'pro_2020');
    const other = await signUp(app);
    const jpeg = testJpeg(8, 8);
    const asset = await uploaded(owner, jpeg, 'cover.jpg');
    const assets = assetsOf(ctx);

    expect(await assets.assetDataUrl(owner.id, asset.id)).toBe(`data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`);
    const content = await assets.assetContent(owner.id, asset.id);
    expect(content?.contentType).toBe('image/jpeg');
    expect(Buffer.compare(content!.content, Buffer.from(jpeg))).toBe(0);

    expect(await assets.assetDataUrl(other.id, asset.id)).toBeNull();
    expect(await assets.assetContent(other.id, asset.id)).toBeNull();
    expect(await assets.assetDataUrl(owner.id, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await assets.assetDataUrl(owner.id, 'not-an-id')).toBeNull();
  });
});

describe('the plan gate (SPEC §6: reports from PRO)', () => {
  it('refuses an upload below PRO with 403 PLAN_REQUIRED naming PRO, translated, storing nothing', async () => {
    for (const plan of ['default', 'essential_2019', 'plus_2021'] as const) {
      const user = await signUp(app);
      await setPlan(user, plan);
      const refused = await upload(user, testPng(), 'cover.png', { lang: 'fr' });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'PLAN_REQUIRED', message: expect.stringContaining("l'offre Pro"), details: { feature: 'reports:fr', plan: 'pro_2020' } } });
      expect(await list(user)).toEqual([]);
    }
  });

  it('still lets an account back on the free plan list, read and delete its images', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const png = testPng();
    const [kept, dropped] = [await uploaded(user, png, 'kept.png'), await uploaded(user, testJpeg(), 'dropped.jpg')];
    await setPlan(user, 'default');

    expectError(await upload(user, testPng(), 'new.png'), 403, 'PLAN_REQUIRED');
    expect((await list(user)).map((asset) => asset.id)).toEqual([dropped.id, kept.id]);
    expect(Buffer.compare((await read(user, kept.id)).rawPayload, Buffer.from(png))).toBe(0);
    await expectStatus(200, remove(user, [dropped.id]));
    expect(await list(user)).toEqual([kept]);
  });
});
