import { describe, expect, it } from 'vitest';
import { formatRoutedValue, parseRoutedValues } from './routed-values.js';

describe('parseRoutedValues', () => {
  it('reads minutes into whole seconds, several at once, sorted', () => {
    expect(parseRoutedValues('30, 10; 20', 'isochrone', 'km')).toEqual({ valid: true, values: [600, 1200, 1800] });
    expect(parseRoutedValues('7.5', 'isochrone', 'km')).toEqual({ valid: true, values: [450] });
  });

  it('reads kilometres and miles into whole metres, with a French decimal comma', () => {
    expect(parseRoutedValues('2,5', 'isodistance', 'km')).toEqual({ valid: true, values: [2500] });
    expect(parseRoutedValues('1, 2,5', 'isodistance', 'km')).toEqual({ valid: true, values: [1000, 2500] });
    expect(parseRoutedValues('1', 'isodistance', 'mi')).toEqual({ valid: true, values: [1609] });
  });

  it('refuses what is not a positive number, or beyond 3 hours and 300 km, with the panel messages', () => {
    expect(parseRoutedValues('', 'isochrone', 'km')).toEqual({ valid: false, reason: 'validation.invalidTime' });
    expect(parseRoutedValues('ten', 'isochrone', 'km')).toEqual({ valid: false, reason: 'validation.invalidTime' });
    expect(parseRoutedValues('0', 'isodistance', 'km')).toEqual({ valid: false, reason: 'validation.invalidDistance' });
    expect(parseRoutedValues('181', 'isochrone', 'km')).toEqual({ valid: false, reason: 'validation.timeTooLarge' });
    expect(parseRoutedValues('190', 'isodistance', 'mi')).toEqual({ valid: false, reason: 'validation.distanceTooLarge' });
    expect(parseRoutedValues('1,2,3,4,5,6,7,8,9,10,11'.replace(/,/g, ', '), 'isochrone', 'km')).toEqual({ valid: false, reason: 'validation.tooManyValues' });
  });

  it('reads a list typed without spaces as a list: eleven values say at most ten, not an invalid time', () => {
    expect(parseRoutedValues('5,10,15', 'isochrone', 'km')).toEqual({ valid: true, values: [300, 600, 900] });
    expect(parseRoutedValues('5,10,15,20,25,30,35,40,45,50,55', 'isochrone', 'km')).toEqual({ valid: false, reason: 'validation.tooManyValues' });
    expect(parseRoutedValues('5,10,15,20,25,30,35,40,45,50', 'isochrone', 'km')).toMatchObject({ valid: true });
  });
});

describe('formatRoutedValue', () => {
  it('says times in minutes and hours, distances in the user unit', () => {
    expect(formatRoutedValue(600, 'isochrone', 'km', 'en')).toBe('10 min');
    expect(formatRoutedValue(5400, 'isochrone', 'km', 'en')).toBe('1 h 30 min');
    expect(formatRoutedValue(7200, 'isochrone', 'km', 'en')).toBe('2 h');
    expect(formatRoutedValue(12_500, 'isodistance', 'km', 'fr')).toBe('12,5 km');
    expect(formatRoutedValue(1609, 'isodistance', 'mi', 'en')).toBe('1 mi');
  });
});
