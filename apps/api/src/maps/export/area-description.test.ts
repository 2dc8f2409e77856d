import { describe, expect, it } from 'vitest';
import { areaDescriptionLines, distanceText, durationText } from './area-description.js';
import { testArea } from './test-support/export-factories.js';

const en = { locale: 'en', unit: 'km' } as const;
const fr = { locale: 'fr', unit: 'km' } as const;

describe('area descriptions', () => {
  it('writes durations in minutes and hours', () => {
    expect(durationText(900)).toBe('15 min');
    expect(durationText(3600)).toBe('1 h');
    expect(durationText(5400)).toBe('1 h 30 min');
  });

  it('writes distances in the unit asked for, in the language of the reader', () => {
    expect(distanceText(12_500, en)).toBe('13 km');
    expect(distanceText(2_500, fr)).toBe('2,5 km');
    expect(distanceText(8_046.7, { locale: 'en', unit: 'mi' })).toBe('5 mi');
  });

  it('says how a travel-time area was made and where it starts', () => {
    const area = testArea({ isoMode: 'isochrone', transportMode: 'car', duration: 1800, startAddress: '1 Promenade des Anglais, Nice', startPoint: [7.26, 43.69] });
    expect(areaDescriptionLines(area, en)).toEqual(['Travel time, 30 min by car', 'Start address: 1 Promenade des Anglais, Nice']);
    expect(areaDescriptionLines(area, fr)).toEqual(['Temps de trajet, 30 min en voiture', 'Adresse de départ : 1 Promenade des Anglais, Nice']);
  });

  it('says when an area is reached rather than left, and from how many starts', () => {
    const arrival = testArea({ isoMode: 'isochrone', transportMode: 'walk', duration: 600, direction: 'arrival', startPoint: [7.42, 43.73] });
    expect(areaDescriptionLines(arrival, en)).toEqual(['Travel time, 10 min on foot', 'Arrival: from where the start is reached', 'Start point: 43.73000, 7.42000']);
    const several = testArea({ isoMode: 'isochrone', transportMode: 'car', duration: 600, startPoint: [7.42, 43.73], startPoints: [[7.42, 43.73], [7.41, 43.74]], startAddress: 'Monaco' });
    expect(areaDescriptionLines(several, fr)).toEqual(['Temps de trajet, 10 min en voiture', 'Points de départ : 2']);
  });

  it('describes circles, road distances, polygons, combinations and territories', () => {
    const circle = testArea({ isoMode: 'isodistance', transportMode: 'circle', distance: 5000, startPoint: [7.262, 43.7102] });
    expect(areaDescriptionLines(circle, en)).toEqual(['As the crow flies, 5 km', 'Start point: 43.71020, 7.26200']);
    expect(areaDescriptionLines(testArea({ isoMode: 'isodistance', transportMode: 'bike', distance: 20_000 }), en)).toEqual(['Distance by road, 20 km by bike']);
    expect(areaDescriptionLines(testArea(), en)).toEqual(['Drawn polygon']);
    expect(areaDescriptionLines(testArea({ operation: 'union' }), fr)).toEqual(['Fusion de zones']);
    expect(areaDescriptionLines(testArea({ operation: 'intersection' }), en)).toEqual(['Intersection of areas']);
    expect(areaDescriptionLines(testArea({ operation: 'intersection' }), fr)).toEqual(['Intersection de zones']);
    const territories = testArea({ isoMode: 'administrative', unitKind: 'fr_cities', unitCodes: ['06088', '06159'] });
    expect(areaDescriptionLines(territories, en)).toEqual(['Territories', 'Communes (France): 2']);
  });
});
