/**
 * Figures the analysis panel must get right, on the demo data as the server loads it: a circle
 * around Nice lists only communes and postcodes of the Alpes-Maritimes (no namesake placed at the
 * wrong commune's position), and counts the population of exactly those.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AreaDivisions, ComputeMeasuresResponse } from '@catchment/domain';
import { circleAroundNice, compute, divisionsOf, rowsOf } from './analysis-factories.js';
import { signUpOnPlan, testApp } from './harness.js';
import { expectStatus } from './maps-factories.js';

// The first test of a worker opens the shared database and loads the demo into it: a hook has the time for it.
beforeAll(async () => { await testApp(); });

describe('divisions of a circle of 10 km around Nice', () => {
  it('lists communes and postcodes of the Alpes-Maritimes only', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const divisions = await expectStatus<AreaDivisions>(200, divisionsOf(app, user, mapId, areaId));
    expect(divisions.country).toBe('fr');

    const communes = rowsOf(divisions, 'fr_cities');
    const postcodes = rowsOf(divisions, 'fr_postcodes');
    expect(communes.map((row) => row.code)).toEqual(expect.arrayContaining(['06088', '06006', '06159']));
    // Not Aspremont of the Hautes-Alpes (05008), Aspres-sur-Buëch, La Beaume, Montbrand, nor postcode 05140.
    expect(communes.filter((row) => !row.code.startsWith('06')).map((row) => `${row.code} ${row.name}`)).toEqual([]);
    expect(postcodes.length).toBeGreaterThan(0);
    expect(postcodes.filter((row) => !row.code.startsWith('06')).map((row) => row.code)).toEqual([]);
    for (const row of postcodes) expect(row.related!.every((code) => code.startsWith('06'))).toBe(true);
  });

  it('counts the population of exactly the communes it lists', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const communes = rowsOf(await expectStatus<AreaDivisions>(200, divisionsOf(app, user, mapId, areaId)), 'fr_cities');
    const listed = communes.reduce((sum, row) => sum + (row.population ?? 0) * row.share, 0);
    const result = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, mapId, areaId));
    const population = result.areas[0]!.measures.find((measure) => measure.key === 'population')!;
    expect(population.value).toBeCloseTo(listed, 0);
  });
});
