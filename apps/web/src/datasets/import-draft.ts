/**
 * What the import wizard's column step edits (how rows are placed, the column for figures, the
 * name and colour), its first values from the file (guessed columns, the file's name, a colour
 * the user's datasets do not have yet), what is missing before it can be sent, and the import
 * call's body it makes (SPEC §7 Data files import).
 */
import { DATASET_COLOR_PALETTE, type DataFileView, type ImportDataFileBody } from '@catchment/domain';
import { datasetNameFromFile } from './dataset-name.js';
import { guessOperationColumn } from './guess-operation-column.js';
import { guessPlacement, placementColumns, type AddressColumnsChoice, type Placement } from './guess-placement.js';

export type PlacementKind = Placement['kind'];
export const ADDRESS_PARTS = ['street', 'housenumber', 'postcode', 'city', 'country', 'line'] as const;

export interface ImportDraft {
  placement: PlacementKind;
  latitude: string;
  longitude: string;
  latLng: string;
  address: AddressColumnsChoice;
  /** '' for none. */
  operationColumn: string;
  name: string;
  color: string;
}

/** The first colour of the palette none of the user's datasets has, else the next in turn. */
export function nextDatasetColor(used: readonly string[]): string {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  return DATASET_COLOR_PALETTE.find((color) => !taken.has(color)) ?? DATASET_COLOR_PALETTE[used.length % DATASET_COLOR_PALETTE.length]!;
}

/** The draft the column step opens with: the guesses from the file's columns and first rows. */
export function initialDraft(file: Pick<DataFileView, 'filename' | 'columns'>, sample: readonly (readonly string[])[], usedColors: readonly string[]): ImportDraft {
  const placement = guessPlacement(file.columns, sample);
  return {
    placement: placement?.kind ?? 'coordinates',
    latitude: placement?.kind === 'coordinates' ? placement.latitude : '',
    longitude: placement?.kind === 'coordinates' ? placement.longitude : '',
    latLng: placement?.kind === 'latLng' ? placement.column : '',
    address: placement?.kind === 'address' ? placement.address : {},
    operationColumn: guessOperationColumn(file.columns, sample, placementColumns(placement)) ?? '',
    name: datasetNameFromFile(file.filename),
    color: nextDatasetColor(usedColors),
  };
}

/** A field of the draft that must be filled before the import, with the catalogue key saying so. */
export interface DraftProblem { field: 'latitude' | 'longitude' | 'latLng' | 'address' | 'name'; messageKey: string }

export function draftProblems(draft: ImportDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.placement === 'coordinates') {
    if (!draft.latitude) problems.push({ field: 'latitude', messageKey: 'datasets.columns.chooseLatitude' });
    if (!draft.longitude) problems.push({ field: 'longitude', messageKey: 'datasets.columns.chooseLongitude' });
  } else if (draft.placement === 'latLng') {
    if (!draft.latLng) problems.push({ field: 'latLng', messageKey: 'datasets.columns.chooseLatLng' });
  } else if (!ADDRESS_PARTS.some((part) => draft.address[part])) {
    problems.push({ field: 'address', messageKey: 'datasets.columns.chooseAddress' });
  }
  if (!draft.name.trim()) problems.push({ field: 'name', messageKey: 'datasets.columns.chooseName' });
  return problems;
}

/** The import call's body: only the columns of the way chosen, the parts of the address given. */
export function importBody(draft: ImportDraft): ImportDataFileBody {
  const placement: Partial<ImportDataFileBody> = draft.placement === 'coordinates'
    ? { latitudeColumn: draft.latitude, longitudeColumn: draft.longitude }
    : draft.placement === 'latLng'
      ? { latLngColumn: draft.latLng }
      : { address: Object.fromEntries(ADDRESS_PARTS.filter((part) => draft.address[part]).map((part) => [part, draft.address[part]!])) };
  return {
    name: draft.name.trim(),
    color: draft.color,
    ...placement,
    ...(draft.operationColumn ? { operationColumn: draft.operationColumn } : {}),
  };
}
