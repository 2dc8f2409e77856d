import { describe, expect, it } from 'vitest';
import { AREA_COLOR_PALETTE, DomainError } from '@catchment/domain';
import { datasetRows, placesRows, withColors } from './generation-rows.js';
import { generatedAreaUuid } from './map-generation.job.js';

describe('the rows of a generation', () => {
  it('numbers pasted places from 1 and keeps a position or else the address', () => {
    expect(placesRows([{ label: 'A', position: [1, 2] }, { address: '1 rue de la Paix, Paris', category: 'x' }])).toEqual([
      { row: 1, label: 'A', category: undefined, position: [1, 2] },
      { row: 2, label: undefined, category: 'x', address: '1 rue de la Paix, Paris' },
    ]);
  });

  it('refuses more than 1,000 places with the count', () => {
    const places = Array.from({ length: 1_001 }, () => ({ position: [1, 2] as [number, number] }));
    expect(() => placesRows(places)).toThrow(DomainError);
    try {
      placesRows(places);
    } catch (error) {
      expect((error as DomainError).details).toEqual({ count: 1_001, max: 1_000 });
    }
  });

  it("names a dataset's rows by the label column (or the one whose header says name) and categorises them by another", () => {
    const rows = [{ rowNumber: 2, cells: ['7', 'Casino', 'Big'], position: [7.4, 43.7] as [number, number] }, { rowNumber: 3, cells: ['8', ' ', 'Small'], position: null }];
    expect(datasetRows({ columns: ['Id', 'Name', 'Format'] }, rows, { categoryColumn: 'Format' })).toEqual([
      { row: 2, label: 'Casino', category: 'Big', position: [7.4, 43.7] },
      { row: 3, label: undefined, category: 'Small' },
    ]);
    expect(datasetRows({ columns: ['Id', 'Name', 'Format'] }, rows, { labelColumn: 'Format' })[0]!.label).toBe('Big');
    expect(() => datasetRows({ columns: ['Id'] }, rows, { labelColumn: 'Nope' })).toThrow(DomainError);
  });

  it('gives rows without a name the default area name of their place in the list, in the language of the request', () => {
    const rows = withColors([{ row: 4, label: undefined, category: undefined, position: [1, 2] }, { row: 9, label: 'B', category: undefined, position: [1, 2] }], { rule: 'palette' }, 'fr');
    expect(rows).toEqual([
      { row: 4, label: 'Zone 1', color: AREA_COLOR_PALETTE[0], position: [1, 2] },
      { row: 9, label: 'B', color: AREA_COLOR_PALETTE[1], position: [1, 2] },
    ]);
  });
});

describe('the uuids of generated areas', () => {
  it('are the same for a row at every attempt, differ between rows and generations, and are valid v4 uuids', () => {
    const a = generatedAreaUuid('g1', 0);
    expect(a).toBe(generatedAreaUuid('g1', 0));
    expect(new Set([a, generatedAreaUuid('g1', 1), generatedAreaUuid('g2', 0)]).size).toBe(3);
    for (let i = 0; i < 50; i++) expect(generatedAreaUuid('g', i)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
