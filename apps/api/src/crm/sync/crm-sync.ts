/**
 * One synchronisation of a CRM list into its dataset: the list's members read page by page (250),
 * their records 100 at a time with the address and synchronised properties, placed by address
 * through the app's geocoder a batch at a time (the dataset import's geocodeWith), and only then
 * written, replacing the dataset's rows in one transaction: a synchronisation that fails on the way
 * leaves the rows of the last one that succeeded, and until the new ones are all written readers see
 * the old. SPEC §4: success, warning when some records were not placed, failed (geolocation) when
 * none could be.
 */
import { DomainError, type Access } from '@catchment/domain';
import { assertPins } from '../../datasets/dataset-pins.js';
import { ColumnCounter } from '../../datasets/column-counts.js';
import type { DatasetsRepository, ImportOutcome, PlacedRow } from '../../datasets/datasets.repository.js';
import { IMPORT_BATCH_ROWS, type GeocodeAddresses } from '../../datasets/import/dataset-import.js';
import type { AddressParts } from '../../datasets/import/row-placement.js';
import type { HubSpotClient, HubSpotObjectType, HubSpotRecord } from '../hubspot/hubspot-client.js';
import type { SynchronizedListRow, SyncOutcome } from '../crm-synchronized-lists.repository.js';

const MEMBERS_PER_PAGE = 250;
const RECORDS_PER_READ = 100;

export interface ConnectionCalls {
  call<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
}

export interface CrmSyncDeps {
  client: HubSpotClient;
  session: ConnectionCalls;
  datasets: DatasetsRepository;
  geocode: GeocodeAddresses;
  /** The account's plan and pins (its extra packs included), for the points its datasets may hold. */
  access: Pick<Access, 'plan' | 'pins'>;
  /** How far it got (0–1). */
  progress: (fraction: number) => Promise<void>;
}

/** The dataset's columns: the synchronised properties, then the address properties not among them. */
export function datasetColumns(list: Pick<SynchronizedListRow, 'synchronized_properties' | 'address_properties'>): string[] {
  return [...new Set([...list.synchronized_properties, ...Object.values(list.address_properties)])];
}

export async function runCrmSync(deps: CrmSyncDeps, list: SynchronizedListRow, clientId: number, signal: AbortSignal): Promise<SyncOutcome & ImportOutcome> {
  // The cells in the order of the dataset's columns, as it was made: the list's address properties
  // come back from the database in jsonb's order of keys, not in the order the user chose them.
  const columns = (await deps.datasets.findById(list.dataset_id))?.columns ?? datasetColumns(list);
  const records = await readAll(deps, list, columns, signal);
  await assertRoom(deps, list.dataset_id, clientId, records.length);
  const rows: PlacedRow[] = [];
  for (let start = 0; start < records.length; start += IMPORT_BATCH_ROWS) {
    signal.throwIfAborted();
    const batch = records.slice(start, start + IMPORT_BATCH_ROWS);
    const addresses = batch.map((record) => addressOf(record, list.address_properties));
    const asked = addresses.flatMap((address, index) => (Object.keys(address).length > 0 ? [index] : []));
    const found = asked.length > 0 ? await deps.geocode(asked.map((index) => addresses[index]!), signal) : [];
    const places = new Map(asked.map((index, i) => [index, found[i] ?? null]));
    batch.forEach((record, index) => {
      const place = places.get(index) ?? null;
      rows.push({
        rowNumber: start + index + 1, cells: columns.map((column) => record.properties[column] ?? ''),
        position: place && { lng: place.lng, lat: place.lat }, precision: place?.precision ?? null,
      });
    });
    await deps.progress(0.5 + 0.45 * Math.min(1, (start + batch.length) / records.length));
  }
  const placed = rows.filter((row) => row.position);
  if (records.length > 0 && placed.length === 0) throw new DomainError('crmGeolocation');

  const precisions: ImportOutcome['precisions'] = {};
  for (const row of placed) precisions[row.precision!] = (precisions[row.precision!] ?? 0) + 1;
  const notPlaced = rows.length - placed.length;
  const outcome: SyncOutcome & ImportOutcome = {
    status: notPlaced > 0 ? 'warning' : 'success', error: null,
    recordCount: rows.length, placedCount: placed.length, notPlacedCount: notPlaced,
    pointCount: placed.length, notGeocodedCount: notPlaced, precisions, columnCounts: new ColumnCounter(columns.length).add(rows).result(),
  };
  signal.throwIfAborted();
  await deps.datasets.replaceRows(list.dataset_id, rows, outcome);
  return outcome;
}

/** Every member's record, in the list's order (records deleted meanwhile left out). */
async function readAll(deps: CrmSyncDeps, list: SynchronizedListRow, columns: readonly string[], signal: AbortSignal): Promise<HubSpotRecord[]> {
  const properties = [...new Set([...columns, ...datasetColumns(list)])];
  const objectType = list.object_type as HubSpotObjectType;
  const records: HubSpotRecord[] = [];
  let after: string | undefined;
  do {
    signal.throwIfAborted();
    const page = await deps.session.call((token) => deps.client.memberships(token, list.remote_list_id, after, MEMBERS_PER_PAGE));
    for (let start = 0; start < page.recordIds.length; start += RECORDS_PER_READ) {
      const ids = page.recordIds.slice(start, start + RECORDS_PER_READ);
      records.push(...await deps.session.call((token) => deps.client.readRecords(token, objectType, ids, properties)));
    }
    after = page.after;
    // Reading is half the work; how much of it is unknown until the last page: creep towards 0.5.
    await deps.progress(0.5 * (1 - 1 / (1 + records.length / 1000)));
  } while (after);
  return records;
}

/** crmDataLimitReached when the records would hold more points than the plan's pins leave, this dataset's own aside. */
async function assertRoom(deps: CrmSyncDeps, datasetId: number, clientId: number, adding: number): Promise<void> {
  const dataset = await deps.datasets.findById(datasetId);
  const own = !dataset ? 0 : dataset.status === 'importing' ? dataset.row_count : dataset.status === 'ready' ? dataset.point_count : 0;
  assertPins(deps.access.plan, (await deps.datasets.pinsUsed(clientId)) - own, adding, 'crmDataLimitReached', deps.access.pins);
}

function addressOf(record: HubSpotRecord, mapping: Record<string, string>): AddressParts {
  const parts: AddressParts = {};
  for (const [part, property] of Object.entries(mapping)) {
    const value = record.properties[property]?.trim();
    if (value) parts[part as keyof AddressParts] = value;
  }
  return parts;
}
