/**
 * The organisation configuration and its logo (SPEC §7, §5, §8): what a new account reads, the
 * fields saved, checked and cleared, the logo set from real PNG and JPEG bytes, served with its type
 * and caching headers, replaced and removed; the SPEC's refusals (a GIF, a file that only claims to
 * be a PNG, one cut short, more than 5 MB, a request body past the limit), each translated and
 * changing nothing; no one but the account itself reading or changing any of it; and the users of a
 * subscription reading its owner's organisation, which only the owner changes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_REPORT_COLORS, LOGO_MAX_BYTES, type OrganizationConfiguration } from '@catchment/domain';
import { TEST_GIF, testJpeg, testPng } from '../../../packages/domain/src/organization/test-images.js';
import type { AppContext } from '../src/context.js';
import { buildServer } from '../src/server.js';
import { subscribe } from './billing-factories.js';
import { signUp, testApp, type TestUser } from './harness.js';
import { call, expectError, expectStatus, type RequestOptions } from './maps-factories.js';

let app: FastifyInstance;
let ctx: AppContext;
beforeAll(async () => { ({ app, ctx } = await testApp()); });

const configurationPath = (user: TestUser) => `/Clients/${user.id}/organization/configuration`;
const logoPath = (user: TestUser) => `/Clients/${user.id}/organization/logo`;

const readConfiguration = (user: TestUser) => expectStatus<OrganizationConfiguration>(200, call(app, 'GET', configurationPath(user), { as: user }));
const patch = (user: TestUser, payload: unknown, options: RequestOptions = {}) => call(app, 'PATCH', configurationPath(user), { as: user, payload, ...options });
const setLogo = (user: TestUser, bytes: Uint8Array | string, ext: string, options: RequestOptions = {}) => call(app, 'POST', `/Clients/${user.id}/organization/setLogo`, {
  as: user, ...options, payload: { logo: typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('base64'), ext },
});
/** GET of a URL the API gave (it starts with /api). */
const fetchUrl = (url: string, user: TestUser | undefined, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(user ? { cookie: user.cookie } : {}), ...headers } });


/** The configuration and the logo's bytes as stored: what must be the same after a refusal. */
async function snapshot(user: TestUser) {
  const configuration = await readConfiguration(user);
  const logo = configuration.logo ? (await fetchUrl(configuration.logo.url, user)).rawPayload : null;
  return { configuration, logo };
}

describe('organisation configuration', () => {
  it('reads the default colours and nothing else for a new account', async () => {
    const user = await signUp(app);
    expect(await readConfiguration(user)).toEqual({
      editable: true, name: null, primaryColor: DEFAULT_REPORT_COLORS.primary, secondaryColor: DEFAULT_REPORT_COLORS.secondary,
      contact: null, website: null, logo: null, updatedAt: null,
    });
  });

  it('saves the fields given, keeps the others, and clears a field set to null or an empty text', async () => {
    const user = await signUp(app);
    const saved = await expectStatus<OrganizationConfiguration>(200, patch(user, {
      name: '  Études & Territoires  ', primaryColor: '#AA3300', secondaryColor: '#0f766e',
      contact: '+33 1 23 45 67 89 · contact@etudes.example', website: 'www.etudes.example/rapports',
    }));
    expect(saved).toMatchObject({
      name: 'Études & Territoires', primaryColor: '#aa3300', secondaryColor: '#0f766e',
      contact: '+33 1 23 45 67 89 · contact@etudes.example', website: 'https://www.etudes.example/rapports', logo: null,
    });
    expect(saved.updatedAt).not.toBeNull();
    expect(await readConfiguration(user)).toEqual(saved);

    await expectStatus(200, patch(user, { contact: 'Lyon office' }));
    expect(await readConfiguration(user)).toMatchObject({ name: 'Études & Territoires', primaryColor: '#aa3300', contact: 'Lyon office' });

    const cleared = await expectStatus<OrganizationConfiguration>(200, patch(user, { name: '', website: null, primaryColor: null }));
    expect(cleared).toMatchObject({ name: null, website: null, primaryColor: DEFAULT_REPORT_COLORS.primary, secondaryColor: '#0f766e', contact: 'Lyon office' });
  });

  it('refuses bad fields with a 400 naming each one, translated, and changes nothing', async () => {
    const user = await signUp(app);
    await expectStatus(200, patch(user, { name: 'Before', primaryColor: '#123456', website: 'https://before.example' }));
    const before = await readConfiguration(user);

    const refused = await patch(user, { name: 'x'.repeat(121), primaryColor: 'red', secondaryColor: '#12345', website: 'javascript:alert(1)' }, { lang: 'fr' });
    expect(refused.statusCode).toBe(400);
    const details = refused.json().error.details as Array<{ path: string; message: string }>;
    expect(Object.fromEntries(details.map((detail) => [detail.path, detail.message]))).toEqual({
      'body.name': 'Valeur trop longue',
      'body.primaryColor': 'Couleur invalide',
      'body.secondaryColor': 'Couleur invalide',
      'body.website': 'Adresse de site web invalide, par exemple www.exemple.fr',
    });
    for (const website of ['not a site', 'localhost', 'mailto:a@b.example', 'ftp://files.example', 'https://user:pw@site.example']) {
      expectError(await patch(user, { website }), 400, 'VALIDATION_ERROR', 'Invalid website address, e.g. www.example.com');
    }
    expectError(await patch(user, { contact: 42 }), 400, 'VALIDATION_ERROR');
    expect(await readConfiguration(user)).toEqual(before);
  });
});

describe('organisation logo', () => {
  it('sets a PNG from its base64 and serves it with its type and caching headers', async () => {
    const user = await signUp(app);
    const png = testPng({ widthPixels: 40, heightPixels: 20 });
    const configuration = await expectStatus<OrganizationConfiguration>(200, setLogo(user, png, 'png'));
    expect(configuration.logo).toMatchObject({ contentType: 'image/png', byteLength: png.length, widthPixels: 40, heightPixels: 20 });
    expect(configuration.logo!.url).toMatch(new RegExp(`^/api/Clients/${user.id}/organization/logo\\?v=[0-9a-f]{16}$`));
    expect(await readConfiguration(user)).toEqual(configuration);

    const served = await fetchUrl(configuration.logo!.url, user);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, Buffer.from(png))).toBe(0);

    // Without the version (or with an old one) the browser asks again each time, and gets a 304 while unchanged.
    const unversioned = await fetchUrl(`/api${logoPath(user)}`, user);
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
    const etag = String(unversioned.headers.etag);
    const notModified = await fetchUrl(`/api${logoPath(user)}`, user, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('replaces the PNG with a JPEG (as "jpg" or a data: URL), under a new URL', async () => {
    const user = await signUp(app);
    const first = await expectStatus<OrganizationConfiguration>(200, setLogo(user, testPng(), 'png'));
    const jpeg = testJpeg(24, 16);
    const second = await expectStatus<OrganizationConfiguration>(200, setLogo(user, jpeg, 'jpg'));
    expect(second.logo).toMatchObject({ contentType: 'image/jpeg', byteLength: jpeg.length, widthPixels: 24, heightPixels: 16 });
    expect(second.logo!.url).not.toBe(first.logo!.url);
    const served = await fetchUrl(second.logo!.url, user);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(served.rawPayload, Buffer.from(jpeg))).toBe(0);
    // The old URL now reads the new logo, and is not to be cached.
    const old = await fetchUrl(first.logo!.url, user);
    expect(old.headers['cache-control']).toBe('private, no-cache');
    expect(old.headers['content-type']).toBe('image/jpeg');

    const png = testPng({ widthPixels: 8, heightPixels: 8 });
    const asDataUrl = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    const third = await expectStatus<OrganizationConfiguration>(200, setLogo(user, asDataUrl, '.PNG'));
    expect(third.logo).toMatchObject({ contentType: 'image/png', widthPixels: 8, heightPixels: 8 });
  });

  it('takes a logo of exactly 5 MB', async () => {
    const user = await signUp(app);
    const png = testPng({ widthPixels: 64, heightPixels: 64, totalBytes: LOGO_MAX_BYTES });
    const configuration = await expectStatus<OrganizationConfiguration>(200, setLogo(user, png, 'png'));
    expect(configuration.logo!.byteLength).toBe(LOGO_MAX_BYTES);
    const served = await fetchUrl(configuration.logo!.url, user);
    expect(served.rawPayload.length).toBe(LOGO_MAX_BYTES);
  });

  it('refuses a GIF, and a file that only claims to be a PNG, with "only JPEG and PNG", changing nothing', async () => {
    const user = await signUp(app);
    await expectStatus(200, setLogo(user, testPng(), 'png'));
    const before = await snapshot(user);

    expectError(await setLogo(user, TEST_GIF, 'gif'), 415, 'LOGO_UNSUPPORTED_TYPE',
      'This type of file is not supported: only JPEG and PNG images are accepted');
    expectError(await setLogo(user, TEST_GIF, 'gif', { lang: 'fr' }), 415, 'LOGO_UNSUPPORTED_TYPE',
      "Ce type de fichier n'est pas pris en charge : seules les images JPEG et PNG sont acceptées");
    // The right extension, the wrong bytes: a GIF renamed, an SVG, a text file.
    expectError(await setLogo(user, TEST_GIF, 'png'), 415, 'LOGO_UNSUPPORTED_TYPE');
    expectError(await setLogo(user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'png'), 415, 'LOGO_UNSUPPORTED_TYPE');
    expectError(await setLogo(user, Buffer.from('just some text, not a picture'), 'jpeg'), 415, 'LOGO_UNSUPPORTED_TYPE');
    // A real PNG sent as a GIF is refused by its extension too: the call names a type it does not accept.
    expectError(await setLogo(user, testPng(), 'gif'), 415, 'LOGO_UNSUPPORTED_TYPE');

    expect(await snapshot(user)).toEqual(before);
  });

  it('refuses a PNG cut short, and text that is not base64, with the set failure, changing nothing', async () => {
    const user = await signUp(app);
    await expectStatus(200, setLogo(user, testJpeg(), 'jpeg'));
    const before = await snapshot(user);
    const png = testPng();
    expectError(await setLogo(user, png.subarray(0, png.length - 40), 'png'), 422, 'LOGO_SET_FAILED',
      'The logo could not be set: the file could not be read as a picture');
    expectError(await setLogo(user, '%%%% not base64 %%%%', 'png', { lang: 'fr' }), 422, 'LOGO_SET_FAILED',
      "Le logo n'a pas pu être enregistré : le fichier n'a pas pu être lu comme une image");
    expect(await snapshot(user)).toEqual(before);
  });

  it('refuses more than 5 MB with the SPEC message, whether the body passes its limit or not, changing nothing', async () => {
    const user = await signUp(app);
    await expectStatus(200, setLogo(user, testPng(), 'png'));
    const before = await snapshot(user);

    // One byte too many: the body is within its limit, the decoded size is not.
    const justOver = testPng({ widthPixels: 64, heightPixels: 64, totalBytes: LOGO_MAX_BYTES + 1 });
    const overByOne = await setLogo(user, justOver, 'png');
    expectError(overByOne, 413, 'LOGO_TOO_LARGE', 'The logo is too large: it may not exceed 5 MB');
    expect(overByOne.json().error.details).toEqual({ maxMegabytes: 5 });

    // 6 MB: the request body itself is past the route's limit, and says so in the same words.
    const sixMegabytes = testPng({ widthPixels: 64, heightPixels: 64, totalBytes: 6 * 1024 * 1024 });
    expectError(await setLogo(user, sixMegabytes, 'png'), 413, 'LOGO_TOO_LARGE', 'The logo is too large: it may not exceed 5 MB');
    expectError(await setLogo(user, sixMegabytes, 'png', { lang: 'fr' }), 413, 'LOGO_TOO_LARGE', 'Le logo est trop volumineux : il ne doit pas dépasser 5 Mo');

    expect(await snapshot(user)).toEqual(before);
  });

  it('refuses a body past the limit sent without a length (streamed) with the same message', async () => {
    const user = await signUp(app);
    const live = await buildServer(ctx);
    await live.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = live.server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request({
          host: '127.0.0.1', port, method: 'POST', path: `/api/Clients/${user.id}/organization/setLogo`,
          headers: { cookie: user.cookie, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (part: string) => { body += part; });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.write('{"ext":"png","logo":"');
        const piece = 'A'.repeat(1024 * 1024);
        for (let sent = 0; sent < 8; sent += 1) request.write(piece);
        request.end('"}');
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error).toMatchObject({ code: 'LOGO_TOO_LARGE', message: 'The logo is too large: it may not exceed 5 MB' });
    } finally {
      await live.close();
    }
    expect((await readConfiguration(user)).logo).toBeNull();
  });

  it('removes the logo: the configuration has none, its URL answers 404, and removing again is fine', async () => {
    const user = await signUp(app);
    const { logo } = await expectStatus<OrganizationConfiguration>(200, setLogo(user, testPng(), 'png'));
    await expectStatus(204, call(app, 'DELETE', logoPath(user), { as: user }));
    expect((await readConfiguration(user)).logo).toBeNull();
    expectError(await fetchUrl(logo!.url, user), 404, 'NOT_FOUND');
    await expectStatus(204, call(app, 'DELETE', logoPath(user), { as: user }));
  });
});

describe('who may read and change it', () => {
  it('refuses another account every call with 403 and a visitor with 401, changing nothing', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    await expectStatus(200, patch(owner, { name: 'Owner & Co' }));
    const { logo } = await expectStatus<OrganizationConfiguration>(200, setLogo(owner, testPng(), 'png'));
    const before = await snapshot(owner);
    const asStranger = { as: stranger };

    expectError(await call(app, 'GET', configurationPath(owner), asStranger), 403, 'FORBIDDEN', 'You can only manage your own account');
    expectError(await call(app, 'PATCH', configurationPath(owner), { ...asStranger, payload: { name: 'Taken over' } }), 403, 'FORBIDDEN');
    expectError(await setLogo(owner, testJpeg(), 'jpeg', asStranger), 403, 'FORBIDDEN');
    // Refused before its body is read: even one past the limit gets the 403, not a 413.
    expectError(await setLogo(owner, testPng({ totalBytes: 6 * 1024 * 1024 }), 'png', asStranger), 403, 'FORBIDDEN');
    expectError(await fetchUrl(logo!.url, stranger), 403, 'FORBIDDEN');
    expectError(await call(app, 'DELETE', logoPath(owner), asStranger), 403, 'FORBIDDEN');

    expectError(await call(app, 'GET', configurationPath(owner)), 401, 'UNAUTHORIZED');
    expectError(await setLogo(owner, testPng(), 'png', { as: undefined }), 401, 'UNAUTHORIZED');
    expectError(await fetchUrl(logo!.url, undefined), 401, 'UNAUTHORIZED');

    expect(await snapshot(owner)).toEqual(before);
  });
});

describe('a subscription\'s organisation', () => {
  it('is read by its users from the owner\'s, changed by the owner only, and left behind with the licence', async () => {
    const owner = await signUp(app);
    const colleague = await signUp(app);
    await expectStatus(200, patch(colleague, { name: 'Colleague Ltd' }));
    await subscribe(app, owner, 'pro_2020', { period: 'monthly', licences: 2 });
    await expectStatus(201, call(app, 'POST', `/Clients/${owner.id}/subscribers`, { as: owner, payload: { email: colleague.email } }));
    await expectStatus(200, patch(owner, { name: 'Team & Co', primaryColor: '#0f766e' }));
    const png = testPng({ widthPixels: 20, heightPixels: 10 });
    const owned = await expectStatus<OrganizationConfiguration>(200, setLogo(owner, png, 'png'));
    expect(owned.editable).toBe(true);

    // The colleague reads the owner's, under their own id, logo included.
    const shared = await readConfiguration(colleague);
    expect(shared).toMatchObject({ editable: false, name: 'Team & Co', primaryColor: '#0f766e', logo: { widthPixels: 20, heightPixels: 10 } });
    expect(shared.logo!.url).toBe(owned.logo!.url.replace(`/Clients/${owner.id}/`, `/Clients/${colleague.id}/`));
    const served = await fetchUrl(shared.logo!.url, colleague);
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Buffer.compare(served.rawPayload, Buffer.from(png))).toBe(0);

    // And changes none of it.
    const before = await snapshot(owner);
    expectError(await patch(colleague, { name: 'Taken over' }, { lang: 'fr' }), 403, 'NOT_SUBSCRIPTION_OWNER');
    expectError(await setLogo(colleague, testJpeg(), 'jpeg'), 403, 'NOT_SUBSCRIPTION_OWNER', 'Only the owner of the subscription can do this');
    expectError(await call(app, 'DELETE', logoPath(colleague), { as: colleague }), 403, 'NOT_SUBSCRIPTION_OWNER');
    expect(await snapshot(owner)).toEqual(before);

    // Without the licence, their own again.
    await expectStatus(200, call(app, 'DELETE', `/Clients/${owner.id}/subscribers`, { as: owner, payload: { email: colleague.email } }));
    expect(await readConfiguration(colleague)).toMatchObject({ editable: true, name: 'Colleague Ltd', logo: null });
  });
});
