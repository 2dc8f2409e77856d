/**
 * The data country the user chooses in the analysis panel decides whose figures and divisions an
 * area gets, on the demo data as the server loads it: a circle around Nice in France's data (its
 * own), the rest of the world's (GeoNames towns) and the United States' (none there).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AreaDivisions, ComputeMeasuresResponse } from '@catchment/domain';
import { circleAroundNice, compute, divisionsOf, rowsOf } from './analysis-factories.js';
import { signUpOnPlan, testApp } from './harness.js';
import { expectStatus } from './maps-factories.js';

// The first test of a worker opens the shared database and loads the demo into it: a hook has the time for it.
beforeAll(async () => { await testApp(); });

describe('the data country chosen for an area', () => {
  it('gives the worldwide figures for the rest of the world, the French ones by default', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const french = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, mapId, areaId));
    const world = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, mapId, areaId, 'ww'));
    const asked = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, mapId, areaId, 'fr'));

    const population = (response: ComputeMeasuresResponse) => response.areas[0]!.measures.find((measure) => measure.key === 'population')!;
    expect(french.areas[0]!.country).toBe('fr');
    expect(population(french).sources).toEqual(['fr_cities']);
    // Asking for the area's own country changes nothing.
    expect(asked).toEqual(french);

    expect(world.areas[0]!.country).toBe('ww');
    expect(population(world).sources).toEqual(['ww_cities']);
    // GeoNames counts Nice's towns, not the communes' legal populations: another figure, and only the population.
    expect(population(world).value).toBeGreaterThan(300_000);
    expect(population(world).value).not.toBe(population(french).value);
    expect(world.areas[0]!.measures.map((measure) => measure.key)).toEqual(['population']);
    // The French figures stay cached apart from the worldwide ones.
    expect(await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, mapId, areaId))).toEqual(french);
  });

  it('says there is no data when the chosen country\'s data does not cover the area', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const us = await expectStatus<ComputeMeasuresResponse>(200, compute(app, user, mapId, areaId, 'us'));
    expect(us.areas[0]).toMatchObject({ country: 'us', measures: [], error: { code: 'NO_DATA_FOR_COUNTRY' } });
  });

  it('lists the divisions of the chosen country', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaId } = await circleAroundNice(app, user);
    const world = await expectStatus<AreaDivisions>(200, divisionsOf(app, user, mapId, areaId, '?country=ww'));
    expect(world.country).toBe('ww');
    expect(world.divisions.map((list) => list.kind)).toEqual(['ww_cities']);
    expect(rowsOf(world, 'ww_cities').map((row) => row.name)).toContain('Nice');
    const us = await expectStatus<AreaDivisions>(200, divisionsOf(app, user, mapId, areaId, '?country=us'));
    expect(us.divisions.every((list) => list.rows.length === 0)).toBe(true);
  });

  it('refuses a country it does not know with a 400', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const { mapId, areaId } = await circleAroundNice(app, user);
    expect((await compute(app, user, mapId, areaId, 'xx')).statusCode).toBe(400);
    expect((await divisionsOf(app, user, mapId, areaId, '?country=xx')).statusCode).toBe(400);
  });
});
