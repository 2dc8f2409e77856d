/**
 * POST /v2/maps/{id}/xlsxreport/census (SPEC §7): the census figures of areas as an XLSX file,
 * gated as the census is (PRO), with the very values POST /measures/compute answers.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComputeMeasuresResponse } from '@catchment/domain';
import { signUp, signUpOnPlan, testApp, type TestUser } from './harness.js';
import { NICE } from './analysis-factories.js';
import { call, circleArea, createFolder, createMap, expectStatus, postAreas } from './maps-factories.js';

type App = Awaited<ReturnType<typeof testApp>>['app'];

async function twoAreasOnTheRiviera(app: App, user: TestUser) {
  const map = await createMap(app, user);
  const folderId = await createFolder(app, user, map.id);
  const areas = [
    circleArea({ startPoint: NICE, distance: 10_000, label: 'Nice 10 km' }),
    circleArea({ startPoint: [7.125, 43.58], distance: 4_000, label: '=Antibes 4 km' }),
  ];
  await expectStatus(201, postAreas(app, user, map.id, folderId, areas));
  return { mapId: map.id, areaIds: areas.map((area) => area.uuid as string) };
}

const exportCensus = (app: App, user: TestUser | undefined, mapId: number, areaIds: string[], lang: 'en' | 'fr' = 'en') =>
  call(app, 'POST', `/v2/maps/${mapId}/xlsxreport/census`, { as: user, payload: { areaIds }, lang });

/** The rows of the census sheet under its header, by area label: measure label → value. */
async function valuesByArea(payload: Buffer, sheetName: string): Promise<Map<string, Map<string, number>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const byArea = new Map<string, Map<string, number>>();
  workbook.getWorksheet(sheetName)!.eachRow((row, index) => {
    if (index === 1) return;
    const area = String(row.getCell(1).value);
    if (!byArea.has(area)) byArea.set(area, new Map());
    byArea.get(area)!.set(String(row.getCell(4).value), row.getCell(5).value as number);
  });
  return byArea;
}

// The worker's server loads the demo data first: minutes on a busy machine, not the first test's time.
beforeAll(async () => { await testApp(); }, 600_000);

describe('census export', () => {
  it('refuses the free plan with 403 PLAN_REQUIRED naming PRO, and a map one may not read with 404', async () => {
    const { app } = await testApp();
    const user = await signUp(app);
    const { mapId, areaIds } = await twoAreasOnTheRiviera(app, user);
    const refused = await exportCensus(app, user, mapId, areaIds, 'fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_REQUIRED', message: expect.stringContaining("l'offre Pro"), details: { plan: 'pro_2020' } });
    const stranger = await signUpOnPlan(app, 'pro_2020');
    expect((await exportCensus(app, stranger, mapId, areaIds)).statusCode).toBe(404);
    expect((await exportCensus(app, user, mapId, [])).statusCode).toBe(400);
  });

  it('writes, for two areas, the same values as measures/compute', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaIds } = await twoAreasOnTheRiviera(app, user);
    const computed = await expectStatus<ComputeMeasuresResponse>(200, call(app, 'POST', `/v2/maps/${mapId}/measures/compute`, { as: user, payload: { areaIds }, lang: 'fr' }));
    const response = await exportCensus(app, user, mapId, areaIds, 'fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('filename="Ma carte - census.xlsx"');
    const written = await valuesByArea(response.rawPayload, 'Recensement');
    // Labels a spreadsheet would run are written as text.
    expect([...written.keys()]).toEqual(['Nice 10 km', "'=Antibes 4 km"]);
    computed.areas.forEach((area, i) => {
      const expected = new Map(area.measures.filter((measure) => measure.value !== null).map((measure) => [measure.label, measure.value]));
      expect(expected.get('Population')).toBeGreaterThan(1000);
      expect([...written.values()][i]).toEqual(expected);
    });
  });

  it('names the file after the one area exported', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'pro_2020');
    const { mapId, areaIds } = await twoAreasOnTheRiviera(app, user);
    const response = await exportCensus(app, user, mapId, [areaIds[0]!]);
    expect(response.headers['content-disposition']).toContain('filename="Nice 10 km - census.xlsx"');
    expect([...(await valuesByArea(response.rawPayload, 'Census')).keys()]).toEqual(['Nice 10 km']);
  });
});
