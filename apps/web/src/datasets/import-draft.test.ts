import { describe, expect, it } from 'vitest';
import { DATASET_COLOR_PALETTE, importDataFileBody } from '@catchment/domain';
import { draftProblems, importBody, initialDraft, nextDatasetColor, type ImportDraft } from './import-draft.js';

const stations = {
  filename: 'london-cycle-hire-stations.xlsx',
  columns: ['id', 'name', 'area', 'nbikes', 'nempty', 'lon', 'lat'],
};
const sample = [['1', 'River Street', 'Clerkenwell', '4', '14', '-0.109970527', '51.52916347']];

describe('initialDraft', () => {
  it("guesses the London stations' coordinates, bikes, name and a free colour", () => {
    expect(initialDraft(stations, sample, [DATASET_COLOR_PALETTE[0]])).toEqual({
      placement: 'coordinates', latitude: 'lat', longitude: 'lon', latLng: '', address: {},
      operationColumn: 'nbikes', name: 'london-cycle-hire-stations', color: DATASET_COLOR_PALETTE[1],
    });
  });
  it('opens on two coordinate columns to choose when nothing is guessed', () => {
    const draft = initialDraft({ filename: 'x.csv', columns: ['a', 'b'] }, [['p', 'q']], []);
    expect(draft).toMatchObject({ placement: 'coordinates', latitude: '', longitude: '', operationColumn: '' });
    expect(draftProblems(draft).map((problem) => problem.field)).toEqual(['latitude', 'longitude']);
  });
});

describe('nextDatasetColor', () => {
  it('takes the first colour not used, in any case, then goes round', () => {
    expect(nextDatasetColor([])).toBe(DATASET_COLOR_PALETTE[0]);
    expect(nextDatasetColor([DATASET_COLOR_PALETTE[0].toUpperCase()])).toBe(DATASET_COLOR_PALETTE[1]);
    expect(DATASET_COLOR_PALETTE).toContain(nextDatasetColor([...DATASET_COLOR_PALETTE, DATASET_COLOR_PALETTE[0]]));
  });
});

const draft = (changes: Partial<ImportDraft>): ImportDraft => ({
  placement: 'coordinates', latitude: 'lat', longitude: 'lon', latLng: '', address: {}, operationColumn: '', name: 'Stores', color: DATASET_COLOR_PALETTE[2], ...changes,
});

describe('importBody', () => {
  it('sends the columns of the way chosen only, and the import schema takes it', () => {
    const byCoordinates = importBody(draft({ latLng: 'c', address: { city: 'town' }, operationColumn: 'nbikes' }));
    expect(byCoordinates).toEqual({ name: 'Stores', color: DATASET_COLOR_PALETTE[2], latitudeColumn: 'lat', longitudeColumn: 'lon', operationColumn: 'nbikes' });
    expect(importDataFileBody.safeParse(byCoordinates).success).toBe(true);

    const byPair = importBody(draft({ placement: 'latLng', latLng: 'Coordonnées' }));
    expect(byPair).toEqual({ name: 'Stores', color: DATASET_COLOR_PALETTE[2], latLngColumn: 'Coordonnées' });
    expect(importDataFileBody.safeParse(byPair).success).toBe(true);

    const byAddress = importBody(draft({ placement: 'address', address: { street: 'Straße', postcode: 'PLZ', city: '' }, name: '  Kunden  ' }));
    expect(byAddress).toEqual({ name: 'Kunden', color: DATASET_COLOR_PALETTE[2], address: { street: 'Straße', postcode: 'PLZ' } });
    expect(importDataFileBody.safeParse(byAddress).success).toBe(true);
  });
});

describe('draftProblems', () => {
  it('asks for what each way needs and for a name', () => {
    expect(draftProblems(draft({}))).toEqual([]);
    expect(draftProblems(draft({ placement: 'latLng' })).map((problem) => problem.field)).toEqual(['latLng']);
    expect(draftProblems(draft({ placement: 'address', address: { city: '' } })).map((problem) => problem.field)).toEqual(['address']);
    expect(draftProblems(draft({ placement: 'address', address: { line: 'Adresse' }, name: ' ' })).map((problem) => problem.field)).toEqual(['name']);
  });
});
