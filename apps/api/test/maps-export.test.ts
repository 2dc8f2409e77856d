/**
 * GET /v2/maps/{id}/export (SPEC §7): a map's areas as KML 2.2 or GeoJSON, for whoever may read
 * the map, as an attachment named after the map.
 */
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, testApp, type TestUser } from './harness.js';
import { addMember, call, circleArea, createFolder, createMap, expectStatus, polygonArea, postAreas, square } from './maps-factories.js';

type App = Awaited<ReturnType<typeof testApp>>['app'];

/** Placemark names by folder name, read from the KML by a conforming XML parser. */
function placemarksByFolder(kml: string): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  const path: string[] = [];
  let text = '';
  let folder = '';
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => { path.push(tag.name); text = ''; });
  parser.on('text', (chunk) => { text += chunk; });
  parser.on('closetag', (tag) => {
    const parent = path.at(-2);
    if (tag.name === 'name' && parent === 'Folder') { folder = text; folders.set(folder, []); }
    if (tag.name === 'name' && parent === 'Placemark') folders.get(folder)!.push(text);
    path.pop();
  });
  parser.write(kml).close();
  return folders;
}

async function mapWithTwoFolders(app: App, owner: TestUser, body: Record<string, unknown> = {}) {
  const map = await createMap(app, owner, { title: 'Nice: zones/2026', ...body });
  const shops = await createFolder(app, owner, map.id, 'Shops & co');
  const depots = await createFolder(app, owner, map.id, 'Depots');
  const circle = circleArea({ label: 'Centre <5 km>', color: '#ff8000', startAddress: 'Place Masséna, Nice', startPoint: [7.27, 43.697], distance: 5000 });
  const hole = [[7.22, 43.62], [7.24, 43.62], [7.24, 43.64], [7.22, 43.64], [7.22, 43.62]];
  const withHole = polygonArea({ label: 'Ring', geometry: { type: 'Polygon', coordinates: [square(7.2, 43.6, 0.1).coordinates[0], hole] } });
  const depot = polygonArea({ label: 'Depot', geometry: square(7.3, 43.7) });
  await expectStatus(201, postAreas(app, owner, map.id, shops, [circle, withHole]));
  await expectStatus(201, postAreas(app, owner, map.id, depots, [depot]));
  return { map, areas: [circle, withHole, depot] };
}

const exportOf = (app: App, as: TestUser | undefined, mapId: number | string, query = '', lang?: 'en' | 'fr') =>
  call(app, 'GET', `/v2/maps/${mapId}/export${query}`, { as, ...(lang ? { lang } : {}) });

// The worker's server loads the demo data first: minutes on a busy machine, not the first test's time.
beforeAll(async () => { await testApp(); }, 600_000);

describe('export of a map\'s areas', () => {
  it('answers a KML 2.2 document: a Folder per folder, a Placemark per area named after it, styled and described', async () => {
    const { app } = await testApp();
    const owner = await signUp(app);
    const { map } = await mapWithTwoFolders(app, owner);
    const response = await exportOf(app, owner, map.id, '?format=kml', 'fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="Nice zones 2026.kml"');
    expect(response.body).toContain('<kml xmlns="http://www.opengis.net/kml/2.2">');
    expect(placemarksByFolder(response.body)).toEqual(new Map([['Shops & co', ['Centre <5 km>', 'Ring']], ['Depots', ['Depot']]]));
    expect(response.body).toContain('<Style id="color-ff8000"><LineStyle><color>ff0080ff</color>');
    expect(response.body).toContain("<description>À vol d&apos;oiseau, 5 km&lt;br&gt;Adresse de départ : Place Masséna, Nice</description>");
    expect(response.body).toMatch(/<innerBoundaryIs><LinearRing><coordinates>7\.22,43\.62 /);
    // KML is the default format, as the call without a query was.
    expect((await exportOf(app, owner, map.id)).headers['content-type']).toContain('kml');
  });

  it('answers a GeoJSON FeatureCollection with a feature per area and its properties', async () => {
    const { app } = await testApp();
    const owner = await signUp(app);
    const { map, areas } = await mapWithTwoFolders(app, owner);
    const response = await exportOf(app, owner, map.accessId, '?format=geojson');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="Nice zones 2026.geojson"');
    const collection = response.json();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((feature: { id: string }) => feature.id)).toEqual(areas.map((area) => area.uuid));
    expect(collection.features[0].properties).toMatchObject({
      label: 'Centre <5 km>', folder: 'Shops & co', color: '#ff8000', isoMode: 'isodistance', transportMode: 'circle',
      distanceMeters: 5000, durationSeconds: null, startAddress: 'Place Masséna, Nice',
    });
    expect(collection.features[0].geometry.type).toBe('Polygon');
    expect(collection.features[1].geometry.coordinates).toHaveLength(2);
  });

  it('follows the rule of reading the map: owner, members and anyone for a public map; 404 to others', async () => {
    const { app, ctx } = await testApp();
    const owner = await signUp(app);
    const member = await signUp(app);
    const stranger = await signUp(app);
    const { map } = await mapWithTwoFolders(app, owner);
    await addMember(ctx, map.id, member);
    expect((await exportOf(app, member, map.id)).statusCode).toBe(200);
    expect((await exportOf(app, stranger, map.id)).statusCode).toBe(404);
    const anonymous = await exportOf(app, undefined, map.accessId, '', 'fr');
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().error.code).toBe('MAP_NOT_FOUND');

    const open = await mapWithTwoFolders(app, owner, { public: true, title: 'Open' });
    expect((await exportOf(app, stranger, open.map.id, '?format=geojson')).json().features).toHaveLength(3);
    expect(placemarksByFolder((await exportOf(app, undefined, open.map.accessId)).body).get('Depots')).toEqual(['Depot']);
  });

  it('refuses an unknown format with a translated 400, and answers 404 for an unknown map', async () => {
    const { app } = await testApp();
    const owner = await signUp(app);
    const { map } = await mapWithTwoFolders(app, owner);
    const refused = await exportOf(app, owner, map.id, '?format=shp', 'fr');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'querystring.format', message: "Format d'export inconnu : choisissez kml ou geojson" }] });
    expect((await exportOf(app, owner, map.id, '?format=kml&unit=yards')).statusCode).toBe(400);
    expect((await exportOf(app, owner, 999_999_999)).statusCode).toBe(404);
  });

  it('gives distances in miles when asked, and names an untitled map by the default title', async () => {
    const { app } = await testApp();
    const owner = await signUp(app);
    const map = await createMap(app, owner, { title: '...' });
    const folder = await createFolder(app, owner, map.id);
    await expectStatus(201, postAreas(app, owner, map.id, folder, [circleArea({ distance: 8047 })]));
    const response = await exportOf(app, owner, map.id, '?unit=mi');
    expect(response.body).toContain('As the crow flies, 5 mi');
    expect(response.headers['content-disposition']).toContain('filename="My map.kml"');
  });
});
