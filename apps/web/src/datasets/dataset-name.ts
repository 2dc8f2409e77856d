/** A new dataset's default name: its file's name without the extension ("Customers 2024.xlsx" → "Customers 2024"). */

/** As long as a dataset's name may be (the import's rule). */
export const DATASET_NAME_MAX_LENGTH = 100;

export function datasetNameFromFile(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const name = (dot > 0 ? base.slice(0, dot) : base).replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return name.slice(0, DATASET_NAME_MAX_LENGTH).trim();
}
