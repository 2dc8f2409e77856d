import { describe, expect, it } from 'vitest';
import { makeArea } from '../editor/test-factories.js';
import { formatTravelTime, pointCheckTarget, routeRequest, withinArea } from './point-check.js';

const START: [number, number] = [7.4209, 43.7371];

describe('pointCheckTarget', () => {
  it('checks isochrones against their time and road isodistances against their distance, from their start', () => {
    const isochrone = makeArea('Port', { isoMode: 'isochrone', transportMode: 'car', startPoint: START, duration: 900 });
    expect(pointCheckTarget(isochrone)).toEqual({
      uuid: isochrone.uuid, startPoint: START, transportMode: 'car', direction: 'departure', isoMode: 'isochrone', value: 900,
    });
    const isodistance = makeArea('Walk', { isoMode: 'isodistance', transportMode: 'walk', startPoint: START, distance: 2000 });
    expect(pointCheckTarget(isodistance)).toMatchObject({ isoMode: 'isodistance', transportMode: 'walk', value: 2000 });
  });

  it('follows an arrival area the way it is drawn: from the point to the start', () => {
    const arrival = { ...makeArea('To the shop', { isoMode: 'isochrone', transportMode: 'bike', startPoint: START, duration: 600 }), direction: 'arrival' as const };
    const target = pointCheckTarget(arrival)!;
    expect(target.direction).toBe('arrival');
    expect(routeRequest(target, [7.42, 43.74])).toEqual({ startPoint: START, point: [7.42, 43.74], transportMode: 'bike', direction: 'arrival' });
  });

  it('leaves out what has no road from a start: circles, drawn and combined outlines, administrative areas, several starts', () => {
    expect(pointCheckTarget(makeArea('Circle', { isoMode: 'isodistance', transportMode: 'circle', startPoint: START, distance: 1000 }))).toBeNull();
    expect(pointCheckTarget(makeArea('Drawn'))).toBeNull();
    expect(pointCheckTarget(makeArea('Merged', { operation: 'union' }))).toBeNull();
    expect(pointCheckTarget(makeArea('Communes', { isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: ['06088'] }))).toBeNull();
    const severalStarts = { ...makeArea('Two shops', { isoMode: 'isochrone', transportMode: 'car', startPoint: START, duration: 600 }), startPoints: [START, [7.43, 43.74]] as [number, number][] };
    expect(pointCheckTarget(severalStarts)).toBeNull();
    expect(pointCheckTarget(makeArea('Reshaped', { isoMode: 'polygon', transportMode: null, startPoint: null }))).toBeNull();
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
