/** Factories of the analysis tests: a circle of 10 km around Nice, its figures and divisions. */
import type { AreaDivisions, DivisionList } from '@catchment/domain';
import type { testApp, TestUser } from './harness.js';
import { call, circleArea, createFolder, createMap, expectStatus, postAreas } from './maps-factories.js';

/** The circle of the acceptance checks: 10 km around Nice. */
export const NICE: [number, number] = [7.262, 43.7102];

type App = Awaited<ReturnType<typeof testApp>>['app'];

export async function circleAroundNice(app: App, user: TestUser) {
  const map = await createMap(app, user);
  const folderId = await createFolder(app, user, map.id);
  const area = circleArea({ startPoint: NICE, distance: 10_000, label: 'Nice 10 km' });
  await expectStatus(201, postAreas(app, user, map.id, folderId, [area]));
  return { mapId: map.id, areaId: area.uuid as string };
}

/** GET …/divisions, with a query string such as `?country=ww`. */
export const divisionsOf = (app: App, user: TestUser, mapId: number, areaId: string, query = '') =>
  call(app, 'GET', `/v2/maps/${mapId}/areas/${areaId}/divisions${query}`, { as: user });

/** POST …/measures/compute for one area, in the data country asked for (the area's own without one). */
export const compute = (app: App, user: TestUser, mapId: number, areaId: string, country?: string) =>
  call(app, 'POST', `/v2/maps/${mapId}/measures/compute`, { as: user, payload: { areaIds: [areaId], ...(country ? { country } : {}) } });

export const rowsOf = (divisions: AreaDivisions, kind: string): DivisionList['rows'] => divisions.divisions.find((list) => list.kind === kind)?.rows ?? [];
