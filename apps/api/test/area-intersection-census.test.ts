/**
 * An intersection of two areas ("within reach of both stores") is an area of its own outline, so
 * its census figures, computed by the server from that outline, count each person once: on the
 * demo data, the population of the intersection of two overlapping circles around Nice is no more
 * than either circle's and is what the two hold less their union's (inclusion–exclusion).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { intersectionGeometries, unionGeometries, type AreaGeometry, type ComputeMeasuresResponse, type MapDocument } from '@catchment/domain';
import { NICE } from './analysis-factories.js';
import { signUpOnPlan, testApp } from './harness.js';
import { call, circleArea, createFolder, createMap, expectStatus, getMap, postAreas } from './maps-factories.js';

// The first test of a worker opens the shared database and loads the demo into it: a hook has the time for it.
beforeAll(async () => { await testApp(); });

describe('census figures of an intersection of areas', () => {
  it('count each person once: pop(A∩B) ≤ min(pop(A), pop(B)) and pop(A∩B) = pop(A) + pop(B) − pop(A∪B)', async () => {
    const { app } = await testApp();
    const user = await signUpOnPlan(app, 'advanced_2024');
    const map = await createMap(app, user);
    const folderId = await createFolder(app, user, map.id);
    // Nice and, 6 km east, Villefranche-sur-Mer's side: two circles sharing the east of Nice.
    const a = circleArea({ startPoint: NICE, distance: 6_000, label: 'Nice 6 km' });
    const b = circleArea({ startPoint: [NICE[0] + 0.07, NICE[1] + 0.01], distance: 5_000, label: 'East 5 km' });
    await expectStatus(201, postAreas(app, user, map.id, folderId, [a, b]));

    // The outlines the server drew, combined as the web app does (Intersect, Merge).
    const stored = (await getMap(app, user, map.id)).folders[0]!.areas;
    const geometryOf = (uuid: unknown) => stored.find((area) => area.uuid === uuid)!.geometry as AreaGeometry;
    const shared = intersectionGeometries([geometryOf(a.uuid), geometryOf(b.uuid)]);
    const merged = unionGeometries([geometryOf(a.uuid), geometryOf(b.uuid)]);
    expect(shared).not.toBeNull();
    const both = { uuid: randomUUID(), isoMode: 'polygon', operation: 'intersection', label: 'Nice 6 km ∩ East 5 km', geometry: shared };
    const either = { uuid: randomUUID(), isoMode: 'polygon', operation: 'union', label: 'Nice 6 km + East 5 km', geometry: merged };
    await expectStatus(201, postAreas(app, user, map.id, folderId, [both, either]));
    const saved = (await getMap(app, user, map.id) as MapDocument).folders[0]!.areas.find((area) => area.uuid === both.uuid)!;
    expect(saved.operation).toBe('intersection');

    const ids = [a.uuid, b.uuid, both.uuid, either.uuid] as string[];
    const result = await expectStatus<ComputeMeasuresResponse>(200,
      call(app, 'POST', `/v2/maps/${map.id}/measures/compute`, { as: user, payload: { areaIds: ids } }));
    const population = (uuid: string) => {
      const figures = result.areas.find((area) => area.areaId === uuid)!;
      return figures.measures.find((measure) => measure.key === 'population')!.value as number;
    };
    const [popA, popB, popBoth, popEither] = ids.map(population) as [number, number, number, number];
    // Both circles hold thousands; they share some of them, not all.
    expect(popA).toBeGreaterThan(10_000);
    expect(popB).toBeGreaterThan(1_000);
    expect(popBoth).toBeGreaterThan(0);
    expect(popBoth).toBeLessThanOrEqual(Math.min(popA, popB));
    expect(popBoth).toBeLessThan(popA + popB - popBoth);
    // Inclusion–exclusion, within the rounding of four figures (and of the outlines' vertices).
    expect(Math.abs(popBoth - (popA + popB - popEither))).toBeLessThanOrEqual(Math.max(4, popEither * 0.001));
  });
});
