import { describe, expect, it } from 'vitest';
import { extractionMode, extractionRequest } from './extraction-modes.js';

const NICE: [number, number] = [7.262, 43.71];

describe('the extractor page’s modes', () => {
  it('asks a circle in metres and a travel time in seconds, whole numbers', () => {
    expect(extractionRequest(extractionMode('circle'), NICE, 2.5)).toEqual({ startPoint: NICE, isoMode: 'isodistance', transportMode: 'circle', value: 2_500 });
    expect(extractionRequest(extractionMode('car-time'), NICE, 12.5)).toEqual({ startPoint: NICE, isoMode: 'isochrone', transportMode: 'car', value: 750 });
    expect(extractionRequest(extractionMode('car-distance'), NICE, 0.0004)).toBeUndefined();
  });

  it('refuses values that are not positive numbers', () => {
    expect(extractionRequest(extractionMode('walk-time'), NICE, 0)).toBeUndefined();
    expect(extractionRequest(extractionMode('walk-time'), NICE, -3)).toBeUndefined();
    expect(extractionRequest(extractionMode('walk-time'), NICE, Number.NaN)).toBeUndefined();
  });
});
