import { describe, expect, it } from 'vitest';
import { makeArea } from '../editor/test-factories.js';
import { formatTravelTime, nearestRoute, pointCheckTarget, routeRequests, withinArea } from './point-check.js';

const START: [number, number] = [7.4209, 43.7371];

describe('pointCheckTarget', () => {
  it('checks isochrones against their time and road isodistances against their distance, from their start', () => {
    const isochrone = makeArea('Port', { isoMode: 'isochrone', transportMode: 'car', startPoint: START, duration: 900 });
    expect(pointCheckTarget(isochrone)).toEqual({
      uuid: isochrone.uuid, starts: [START], transportMode: 'car', direction: 'departure', isoMode: 'isochrone', value: 900,
    });
    const isodistance = makeArea('Walk', { isoMode: 'isodistance', transportMode: 'walk', startPoint: START, distance: 2000 });
    expect(pointCheckTarget(isodistance)).toMatchObject({ isoMode: 'isodistance', transportMode: 'walk', value: 2000 });
  });

  it('follows an arrival area the way it is drawn: from the point to the start', () => {
    const arrival = makeArea('To the shop', { isoMode: 'isochrone', transportMode: 'bike', startPoint: START, duration: 600, direction: 'arrival' });
    const target = pointCheckTarget(arrival)!;
    expect(target.direction).toBe('arrival');
    expect(routeRequests(target, [7.42, 43.74])).toEqual([{ startPoint: START, point: [7.42, 43.74], transportMode: 'bike', direction: 'arrival' }]);
  });

  it('routes an area from several starts from each of them', () => {
    const other: [number, number] = [7.43, 43.74];
    const twoShops = makeArea('Two shops', { isoMode: 'isochrone', transportMode: 'car', startPoint: START, startPoints: [START, other], duration: 600 });
    const target = pointCheckTarget(twoShops)!;
    expect(target.starts).toEqual([START, other]);
    expect(routeRequests(target, [7.42, 43.74]).map((request) => request.startPoint)).toEqual([START, other]);
  });

  it('leaves out what has no road from a start: circles, drawn and combined outlines, administrative areas', () => {
    expect(pointCheckTarget(makeArea('Circle', { isoMode: 'isodistance', transportMode: 'circle', startPoint: START, distance: 1000 }))).toBeNull();
    expect(pointCheckTarget(makeArea('Drawn'))).toBeNull();
    expect(pointCheckTarget(makeArea('Merged', { operation: 'union' }))).toBeNull();
    expect(pointCheckTarget(makeArea('Communes', { isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: ['06088'] }))).toBeNull();
    expect(pointCheckTarget(makeArea('Reshaped', { isoMode: 'polygon', transportMode: null, startPoint: null }))).toBeNull();
  });
});

describe('nearestRoute', () => {
  const line = { type: 'LineString' as const, coordinates: [] as [number, number][] };
  const far = { start: START, route: { duration: 500, distance: 1200, geometry: line } };
  const near: typeof far = { start: [7.43, 43.74], route: { duration: 300, distance: 2500, geometry: line } };

  it('keeps the way from the start the area reaches the point from first: the quickest for an isochrone, the shortest for a distance', () => {
    const isochrone = pointCheckTarget(makeArea('Shops', { isoMode: 'isochrone', transportMode: 'car', startPoint: START, duration: 600 }))!;
    expect(nearestRoute(isochrone, [far, near])).toBe(near);
    const isodistance = pointCheckTarget(makeArea('Shops', { isoMode: 'isodistance', transportMode: 'car', startPoint: START, distance: 3000 }))!;
    expect(nearestRoute(isodistance, [far, near])).toBe(far);
    expect(nearestRoute(isochrone, [])).toBeNull();
  });
});

describe('withinArea', () => {
  const isochrone = pointCheckTarget(makeArea('Port', { isoMode: 'isochrone', transportMode: 'car', startPoint: START, duration: 900 }))!;
  const isodistance = pointCheckTarget(makeArea('Walk', { isoMode: 'isodistance', transportMode: 'walk', startPoint: START, distance: 2000 }))!;

  it('compares the travel time with an isochrone\'s, the value itself within', () => {
    expect(withinArea(isochrone, { duration: 750, distance: 9000 })).toBe(true);
    expect(withinArea(isochrone, { duration: 900.4, distance: 9000 })).toBe(true);
    expect(withinArea(isochrone, { duration: 901, distance: 100 })).toBe(false);
  });

  it('compares the distance with a road isodistance\'s, whatever the time', () => {
    expect(withinArea(isodistance, { duration: 5000, distance: 1999 })).toBe(true);
    expect(withinArea(isodistance, { duration: 10, distance: 2001 })).toBe(false);
  });
});

describe('formatTravelTime', () => {
  it('says minutes and seconds, hours and minutes past an hour', () => {
    expect(formatTravelTime(0)).toBe('0 s');
    expect(formatTravelTime(44.6)).toBe('45 s');
    expect(formatTravelTime(750)).toBe('12 min 30 s');
    expect(formatTravelTime(720)).toBe('12 min');
    expect(formatTravelTime(3600)).toBe('1 h');
    expect(formatTravelTime(3929)).toBe('1 h 5 min');
  });
});
