/**
 * Where each row of an import goes, as the user mapped its columns (SPEC §7 import): two
 * coordinate columns, one "latitude, longitude" column, or address columns for the geocoder.
 * The columns named must be the file's: an unknown one is a 400 naming the field.
 */
import { coordinatesFromColumns, coordinatesFromPair, RequestValidationError, type AddressColumns, type ImportDataFileBody, type LngLat } from '@catchment/domain';

/** An address as its columns give it (blank parts left out). */
export type AddressParts = Partial<Record<keyof AddressColumns, string>>;

export type RowPlacement =
  | { kind: 'coordinates'; place: (cells: readonly string[]) => LngLat | null }
  | { kind: 'address'; addressOf: (cells: readonly string[]) => AddressParts };

const ADDRESS_PARTS = ['street', 'housenumber', 'postcode', 'city', 'country', 'line'] as const;

export function rowPlacement(body: ImportDataFileBody, columns: readonly string[]): RowPlacement {
  const unknown: { path: string[]; column: string }[] = [];
  const indexOf = (column: string, path: string[]) => {
    const index = columns.indexOf(column);
    if (index < 0) unknown.push({ path, column });
    return index;
  };
  let placement: RowPlacement;
  if (body.latLngColumn !== undefined) {
    const pair = indexOf(body.latLngColumn, ['latLngColumn']);
    placement = { kind: 'coordinates', place: (cells) => coordinatesFromPair(cells[pair] ?? '') };
  } else if (body.address) {
    const address = body.address;
    const parts = ADDRESS_PARTS.flatMap((part) => (address[part] === undefined ? [] : [[part, indexOf(address[part]!, ['address', part])] as const]));
    placement = {
      kind: 'address',
      addressOf: (cells) => Object.fromEntries(parts.map(([part, index]) => [part, (cells[index] ?? '').trim()]).filter(([, value]) => value !== '')),
    };
  } else {
    const lat = indexOf(body.latitudeColumn!, ['latitudeColumn']);
    const lng = indexOf(body.longitudeColumn!, ['longitudeColumn']);
    placement = { kind: 'coordinates', place: (cells) => coordinatesFromColumns(cells[lat] ?? '', cells[lng] ?? '') };
  }
  if (body.operationColumn !== undefined) indexOf(body.operationColumn, ['operationColumn']);
  if (unknown.length > 0) {
    throw new RequestValidationError(unknown.map(({ path }) => ({ code: 'custom', input: undefined, message: 'validation.unknownColumn', path })), 'body');
  }
  return placement;
}
