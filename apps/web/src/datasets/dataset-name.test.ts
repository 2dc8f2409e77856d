import { describe, expect, it } from 'vitest';
import { DATASET_NAME_MAX_LENGTH, datasetNameFromFile } from './dataset-name.js';

describe('datasetNameFromFile', () => {
  it("is the file's name without its extension", () => {
    expect(datasetNameFromFile('london-cycle-hire-stations.xlsx')).toBe('london-cycle-hire-stations');
    expect(datasetNameFromFile('Customers 2024.v2.csv')).toBe('Customers 2024.v2');
    expect(datasetNameFromFile('C:\\Users\\ada\\clients_paris.csv')).toBe('clients paris');
  });
  it('keeps a name without extension, and a dotfile whole', () => {
    expect(datasetNameFromFile('stores')).toBe('stores');
    expect(datasetNameFromFile('.csv')).toBe('.csv');
  });
  it('fits the longest name a dataset may have', () => {
    expect(datasetNameFromFile(`${'a'.repeat(150)}.csv`)).toHaveLength(DATASET_NAME_MAX_LENGTH);
  });
});
