/**
 * The postal addresses of one OpenStreetMap extract: the objects osm-address-tags.ts keeps, read
 * and placed by the machinery the POIs use (poi/osm/spool-osm-features.ts: a node is its own
 * position, a building or any area a point inside it, an open way its middle vertex), in the
 * country its `addr:country` names, else the country of its position (the extract's own borders
 * first, extract-borders.ts).
 */
import { osmPosition } from '../poi/osm/read-osm-pois.js';
import type { CountryBorder } from '../poi/osm/extract-borders.js';
import { spoolOsmFeatures, type OsmFeatureReadOptions, type OsmFeatureSpool } from '../poi/osm/spool-osm-features.js';
import { emptyAddressReadSummary, type AddressItem, type AddressReadSummary } from './address-item.js';
import { osmAddressFields, type OsmAddressFields } from './osm-address-tags.js';

export interface OsmAddressRead {
  /** Address objects found in the extract (an object with two house numbers counts once). */
  found: number;
  borders: Array<Pick<CountryBorder, 'code' | 'closedOverGap'>>;
  /** The addresses, read back from the spool (once); the summary fills as they go. */
  addresses: AsyncIterable<AddressItem>;
  summary: AddressReadSummary;
}

export async function readOsmAddresses(options: OsmFeatureReadOptions): Promise<OsmAddressRead> {
  const spool = await spoolOsmFeatures(osmAddressFields, options);
  const summary = emptyAddressReadSummary();
  if (spool.incompleteAreas > 0) summary.skipped['area not whole in the extract'] = spool.incompleteAreas;
  return { found: spool.found, borders: spool.borders, addresses: addressItems(spool, summary), summary };
}

async function* addressItems(spool: OsmFeatureSpool<OsmAddressFields>, summary: AddressReadSummary): AsyncGenerator<AddressItem> {
  for await (const { candidate: { ref, position, fields }, country: countryAtPosition } of spool.placed) {
    const country = fields.country ?? countryAtPosition;
    if (!country) {
      summary.skipped['at sea, in no country'] = (summary.skipped['at sea, in no country'] ?? 0) + 1;
      continue;
    }
    for (const houseNumber of fields.houseNumbers) {
      summary.addresses += 1;
      summary.byCountry[country] = (summary.byCountry[country] ?? 0) + 1;
      yield { ref, country, street: fields.street, houseNumber, postcode: fields.postcode, city: fields.city, position: osmPosition(position) };
    }
  }
}
