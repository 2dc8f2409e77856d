import { describe, expect, it } from 'vitest';
import { populationSources } from './population-sources.js';
import type { PopulatedUnit } from './reachability.repository.js';

const unit = (overrides: Partial<PopulatedUnit>): PopulatedUnit => ({
  kind: 'fr_cities', code: '06088', country: 'fr', population: 340_000, geometry: null, x: 7.26, y: 43.71, finer: false, ...overrides,
});

describe('populationSources', () => {
  it('counts each unit once by the census rules: not a commune whose IRIS have the figure, not a world city where the country has national figures', () => {
    const square = JSON.stringify({ type: 'Polygon', coordinates: [[[7, 43], [7.1, 43], [7.1, 43.1], [7, 43.1], [7, 43]]] });
    const { sources, kinds } = populationSources([
      unit({ code: '06088', finer: true }),
      unit({ kind: 'fr_iris', code: '060880101', population: 2_000, geometry: square }),
      unit({ kind: 'fr_cities', code: '06004', population: 75_000 }),
      unit({ kind: 'ww_cities', code: '2990440', population: 342_000 }),
      unit({ kind: 'ww_cities', code: '2873891', country: 'de', population: 309_000, x: 8.47, y: 49.49 }),
      unit({ kind: 'fr_cities', code: '06999', population: 0 }),
    ], new Set(['fr|population']));
    expect(sources).toEqual([
      { value: 2_000, point: [7.26, 43.71], boundary: JSON.parse(square) },
      { value: 75_000, point: [7.26, 43.71] },
      { value: 309_000, point: [8.47, 49.49] },
    ]);
    expect(kinds).toEqual(['fr_cities', 'fr_iris', 'ww_cities']);
  });
});
