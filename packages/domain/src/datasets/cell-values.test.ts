import { describe, expect, it } from 'vitest';
import { coordinatesFromColumns, coordinatesFromPair, parseDecimal } from './cell-values.js';

describe('coordinates in imported cells', () => {
  it('reads decimals written with a point or a comma', () => {
    expect(parseDecimal('51.52916347')).toBe(51.52916347);
    expect(parseDecimal(' -0,109970527 ')).toBe(-0.109970527);
    expect(parseDecimal('+2.35')).toBe(2.35);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('N/A')).toBeNull();
    expect(parseDecimal('1.2.3')).toBeNull();
    expect(parseDecimal('1e5')).toBeNull();
  });

  it('places a row by its latitude and longitude columns, never out of range or at 0, 0', () => {
    expect(coordinatesFromColumns('51.52916347', '-0.109970527')).toEqual({ lat: 51.52916347, lng: -0.109970527 });
    expect(coordinatesFromColumns('48,5734', '7,7521')).toEqual({ lat: 48.5734, lng: 7.7521 });
    expect(coordinatesFromColumns('91', '2')).toBeNull();
    expect(coordinatesFromColumns('45', '181')).toBeNull();
    expect(coordinatesFromColumns('0', '0')).toBeNull();
    expect(coordinatesFromColumns('', '2')).toBeNull();
  });

  it('places a row by one "latitude, longitude" cell', () => {
    expect(coordinatesFromPair('48.8566, 2.3522')).toEqual({ lat: 48.8566, lng: 2.3522 });
    expect(coordinatesFromPair('48.8566;2.3522')).toEqual({ lat: 48.8566, lng: 2.3522 });
    expect(coordinatesFromPair('48.8566 2.3522')).toEqual({ lat: 48.8566, lng: 2.3522 });
    expect(coordinatesFromPair('48,8566; 2,3522')).toEqual({ lat: 48.8566, lng: 2.3522 });
    expect(coordinatesFromPair('48,8566, 2,3522')).toBeNull();
    expect(coordinatesFromPair('48.8566')).toBeNull();
    expect(coordinatesFromPair('Paris')).toBeNull();
  });
});
