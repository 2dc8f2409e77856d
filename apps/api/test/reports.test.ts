/**
 * Market-study reports (SPEC §2 tab 4, §6 reports from PRO, §8): the order's checks (a session,
 * the plan, the map's readers, the areas, the countries reports are offered for), the job it
 * starts, failing with a message naming what to install where the server has no Chromium (so does
 * the picture of a map); and the
 * document a report prints: the census figures measures/compute gives, the business counts the
 * searches give, the sections asked for, the organisation and its logo.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComputeMeasuresResponse, DownloadJobView, ReportDocument } from '@catchment/domain';
import { testPng } from '../../../packages/domain/src/organization/test-images.js';
import type { AppContext } from '../src/context.js';
import { MapStore } from '../src/maps/map-store.js';
import type { ReportDocuments } from '../src/reports/report-document.js';
import { reportDocumentsOf } from '../src/reports/reports.routes.js';
import { circleAroundNice, NICE } from './analysis-factories.js';
import { signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { call, circleArea, createFolder, createMap, expectStatus, postAreas, square } from './maps-factories.js';
import { startQueuedApp, type QueuedApp } from './queue-factories.js';

let ctx: AppContext;
let queued: QueuedApp;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = (await testApp()).ctx;
  // A server without Chromium: reports are ordered, and their job says what to install.
  queued = await startQueuedApp(ctx, { ...ctx.config, chromiumPath: '/nonexistent/chromium' });
  app = queued.app;
});
afterAll(async () => { await queued?.close(); });

const order = (user: TestUser | undefined, mapId: number | string, payload: Record<string, unknown>, lang: 'en' | 'fr' = 'en') =>
  call(app, 'POST', `/v2/maps/${mapId}/report`, { ...(user ? { as: user } : {}), payload, lang });

async function downloadWhen(user: TestUser, id: string, test: (view: DownloadJobView) => boolean, lang: 'en' | 'fr' = 'en'): Promise<DownloadJobView> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const view = await expectStatus<DownloadJobView>(200, call(app, 'GET', `/Clients/${user.id}/jobs/downloads/${id}`, { as: user, lang }));
    if (test(view)) return view;
    if (Date.now() > deadline) throw new Error(`download ${id} still ${JSON.stringify(view)}`);
    await sleep(100);
  }
}

describe('ordering a report', () => {
  it('needs a session, the Pro plan, a map the user may read and areas on it', async () => {
    const pro = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaId } = await circleAroundNice(app, pro);
    expect((await order(undefined, mapId, { areaIds: [areaId] })).statusCode).toBe(401);

    const essential = await signUpOnPlan(app, 'essential_2019');
    const own = await circleAroundNice(app, essential);
    const refused = await order(essential, own.mapId, { areaIds: [own.areaId] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', details: { plan: 'pro_2020' } });

    // Another account's private map: not found, whatever the plan.
    const other = await signUpOnPlan(app, 'pro_2020');
    expect((await order(other, mapId, { areaIds: [areaId] })).statusCode).toBe(404);
    // An area not on the map, none, too many, the same twice: refused, nothing ordered.
    expect((await order(pro, mapId, { areaIds: [own.areaId] })).statusCode).toBe(404);
    expect((await order(pro, mapId, { areaIds: [] })).statusCode).toBe(400);
    expect((await order(pro, mapId, { areaIds: Array.from({ length: 21 }, () => crypto.randomUUID()) })).statusCode).toBe(400);
    expect((await order(pro, mapId, { areaIds: [areaId, areaId] })).statusCode).toBe(400);
    expect((await order(pro, mapId, { areaIds: [areaId], title: 'x'.repeat(121) })).statusCode).toBe(400);
    expect((await order(pro, mapId, { areaIds: [areaId], colors: { primary: 'red' } })).statusCode).toBe(400);
    expect((await order(pro, mapId, { areaIds: [areaId], sections: ['map', 'weather'] })).statusCode).toBe(400);
    expect(await expectStatus<DownloadJobView[]>(200, call(app, 'GET', `/Clients/${pro.id}/jobs/downloads`, { as: pro }))).toEqual([]);
  });

  it('is offered for France, the United States, Britain, Belgium and Canada only', async () => {
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const refused = await order(user, mapId, { areaIds: [areaId], country: 'de' }, 'fr');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'REPORT_COUNTRY_UNSUPPORTED', message: 'Les rapports ne sont pas proposés pour les données de ce pays' });
  });

  it('starts a job that fails saying which package to install where the server has no Chromium', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const { jobId } = await expectStatus<{ jobId: string }>(202, order(user, mapId, { areaIds: [areaId], title: 'Nice study' }));
    const [listed] = await expectStatus<DownloadJobView[]>(200, call(app, 'GET', `/Clients/${user.id}/jobs/downloads`, { as: user }));
    expect(listed).toMatchObject({ id: jobId, isDownloaded: false, title: 'Nice study - report.pdf' });
    // Queued (delayed, as a job not yet taken reads), taken, or already failed: on a busy machine any of them.
    expect(['delayed', 'active', 'failed']).toContain(listed!.status);
    const failed = await downloadWhen(user, jobId, (view) => view.status === 'failed', 'fr');
    expect(failed.errorCode).toBe('REPORT_RENDERER_MISSING');
    expect(failed.error).toContain('paquet Debian chromium');
    expect((await call(app, 'GET', `/Clients/${user.id}/jobs/downloads/${jobId}/file`, { as: user })).statusCode).toBe(409);
  });
});

describe('reports by app key', () => {
  const keyOf = async (user: TestUser) => (await expectStatus<Array<{ key: string }>>(200, call(app, 'GET', `/Clients/${user.id}/appKeys`, { as: user })))[0]!.key;

  it("orders a report of the account's areas by key alone, its job in the account's downloads", async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const key = await keyOf(user);
    const { jobId } = await expectStatus<{ jobId: string }>(202, call(app, 'POST', `/Appkeys/${key}/report/fr`, { payload: { mapId: String(mapId), areaIds: [areaId], title: 'Partner study' } }));
    const [listed] = await expectStatus<DownloadJobView[]>(200, call(app, 'GET', `/Clients/${user.id}/jobs/downloads`, { as: user }));
    expect(listed).toMatchObject({ id: jobId, title: 'Partner study - report.pdf' });
    const failed = await downloadWhen(user, jobId, (view) => view.status === 'failed');
    expect(failed.errorCode).toBe('REPORT_RENDERER_MISSING');
    // Printed at once: the same renderer, the same message.
    const sync = await call(app, 'POST', `/Appkeys/${key}/report/fr/sync`, { payload: { mapId: String(mapId), areaIds: [areaId] }, lang: 'fr' });
    expect(sync.statusCode).toBe(503);
    expect(sync.json().error.message).toContain('paquet Debian chromium');
  });

  it("refuses a key of an account without reports, another account's map, and a country without reports", async () => {
    const essential = await signUpOnPlan(app, 'essential_2019');
    const own = await circleAroundNice(app, essential);
    const refused = await call(app, 'POST', `/Appkeys/${await keyOf(essential)}/report/fr/sync`, { payload: { mapId: String(own.mapId), areaIds: [own.areaId] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', details: { plan: 'pro_2020' } });
    const pro = await signUpOnPlan(app, 'pro_2020');
    const proKey = await keyOf(pro);
    expect((await call(app, 'POST', `/Appkeys/${proKey}/report/fr`, { payload: { mapId: String(own.mapId), areaIds: [own.areaId] } })).statusCode).toBe(404);
    expect((await call(app, 'POST', `/Appkeys/${proKey}/report/de`, { payload: { mapId: String(own.mapId), areaIds: [own.areaId] } })).statusCode).toBe(400);
    expect(await expectStatus<DownloadJobView[]>(200, call(app, 'GET', `/Clients/${pro.id}/jobs/downloads`, { as: pro }))).toEqual([]);
  });
});

describe('the picture of a map', () => {
  it('needs a session and a map the user may read, a sensible size, and says what to install where the server has no Chromium', async () => {
    const user = await signUp(app);
    const { mapId } = await circleAroundNice(app, user);
    expect((await call(app, 'GET', `/v2/maps/${mapId}/screenshot`)).statusCode).toBe(401);
    const other = await signUp(app);
    expect((await call(app, 'GET', `/v2/maps/${mapId}/screenshot`, { as: other })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/v2/maps/${mapId}/screenshot?width=100000`, { as: user })).statusCode).toBe(400);
    const missing = await call(app, 'GET', `/v2/maps/${mapId}/screenshot?width=800&height=600`, { as: user, lang: 'fr' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json().error).toMatchObject({ code: 'REPORT_RENDERER_MISSING' });
    expect(missing.json().error.message).toContain('paquet Debian chromium');
  });

  it('is drawn for an app key’s polygons, once the key and the body are good', async () => {
    const user = await signUp(app);
    const { key } = (await expectStatus<Array<{ key: string }>>(200, call(app, 'GET', `/Clients/${user.id}/appKeys`, { as: user })))[0]!;
    const body = { polygons: [square(NICE[0], NICE[1])], width: 800, height: 600 };
    expect((await call(app, 'POST', `/Appkeys/${key}/screenshot`, { payload: { ...body, polygons: [] } })).statusCode).toBe(400);
    const missing = await call(app, 'POST', `/Appkeys/${key}/screenshot`, { payload: body });
    expect(missing.statusCode).toBe(503);
    expect(missing.json().error.code).toBe('REPORT_RENDERER_MISSING');
    // A revoked key draws nothing.
    await expectStatus(204, call(app, 'DELETE', `/Clients/${user.id}/appKeys/${key}`, { as: user }));
    expect((await call(app, 'POST', `/Appkeys/${key}/screenshot`, { payload: body })).statusCode).toBe(401);
  });
});

describe('the document a report prints', () => {
  const documents = (): ReportDocuments => reportDocumentsOf(ctx, new MapStore(ctx.database.db), (message, error) => { throw new Error(`${message}: ${String(error)}`); });

  it('holds the census figures of measures/compute, the searches’ counts, the sections asked for and the organisation', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const map = await createMap(app, user, { title: 'Côte d’Azur' });
    const folderId = await createFolder(app, user, map.id);
    const near = circleArea({ startPoint: NICE, distance: 3_000, label: 'Nice 3 km' });
    const far = circleArea({ startPoint: NICE, distance: 8_000, label: 'Nice 8 km' });
    await expectStatus(201, postAreas(app, user, map.id, folderId, [near, far]));
    await expectStatus(200, call(app, 'PATCH', `/Clients/${user.id}/organization/configuration`, { as: user, payload: { name: 'Riviera Conseil', primaryColor: '#0F766E' } }));
    const png = Buffer.from(testPng());
    await expectStatus(200, call(app, 'POST', `/Clients/${user.id}/organization/setLogo`, { as: user, payload: { logo: png.toString('base64'), ext: 'png' } }));

    const document: ReportDocument = await documents().build(user.id, String(map.id), { areaIds: [far.uuid, near.uuid], comment: 'For the committee', sections: ['census', 'map'] }, 'fr');
    expect(document).toMatchObject({
      locale: 'fr', country: 'fr', title: 'Côte d’Azur', mapName: 'Côte d’Azur', comment: 'For the committee',
      sections: ['map', 'census'], colors: { primary: '#0f766e', secondary: '#475569' },
      organization: { name: 'Riviera Conseil', logo: `data:image/png;base64,${png.toString('base64')}` },
    });
    // In the order asked, each with the figures the census tab shows.
    expect(document.areas.map((area) => area.label)).toEqual(['Nice 8 km', 'Nice 3 km']);
    for (const area of document.areas) {
      const { areas: [figures] } = await expectStatus<ComputeMeasuresResponse>(200, call(app, 'POST', `/v2/maps/${map.id}/measures/compute`, { as: user, payload: { areaIds: [area.id], country: 'fr' }, lang: 'fr' }));
      expect(area.census).toEqual(figures);
      expect(area.businesses).toBeUndefined();
      expect(area.divisions).toBeUndefined();
    }
    // π r², within the polygon's approximation of the circle.
    expect(document.areas[1]!.areaKm2).toBeGreaterThan(Math.PI * 9 * 0.97);
    expect(document.areas[1]!.areaKm2).toBeLessThan(Math.PI * 9 * 1.01);
    expect(document.areas[0]!.description).toMatch(/^À vol d'oiseau, 8 km · /);
  });

  it('prints no logo when asked for none, and refuses an image that is not the user’s', async () => {
    const user = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const png = Buffer.from(testPng());
    await expectStatus(200, call(app, 'POST', `/Clients/${user.id}/organization/setLogo`, { as: user, payload: { logo: png.toString('base64'), ext: 'png' } }));
    const none = await documents().build(user.id, String(mapId), { areaIds: [areaId], logo: 'none', sections: ['divisions'] }, 'en');
    expect(none.organization.logo).toBeNull();
    expect(none.areas[0]!.divisions!.find((list) => list.kind === 'fr_cities')?.rows.some((row) => row.name === 'Nice')).toBe(true);
    await expect(documents().build(user.id, String(mapId), { areaIds: [areaId], logo: { assetId: crypto.randomUUID() } }, 'en')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is refused to a user who lost the plan after ordering', async () => {
    const user = await signUp(app);
    const { mapId, areaId } = await circleAroundNice(app, user);
    await expect(documents().build(user.id, String(mapId), { areaIds: [areaId] }, 'en')).rejects.toMatchObject({ code: 'PLAN_REQUIRED' });
  });
});
