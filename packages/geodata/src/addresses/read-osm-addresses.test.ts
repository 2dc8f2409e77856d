import { describe, expect, it } from 'vitest';
import { CountryLocator } from '../countries/country-locator.js';
import type { OsmFeatureSink } from '../poi/osm/spool-osm-features.js';
import { osmAddressFields } from './osm-address-tags.js';
import { readOsmAddresses } from './read-osm-addresses.js';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('osmAddressFields', () => {
  it('keeps a house number on a street, with what else the object says', () => {
    expect(osmAddressFields({ building: 'yes', 'addr:street': 'Hauptstraße', 'addr:housenumber': '11', 'addr:postcode': '95463', 'addr:city': 'Bindlach' }))
      .toEqual({ street: 'Hauptstraße', houseNumbers: ['11'], postcode: '95463', city: 'Bindlach', country: null });
    expect(osmAddressFields({ 'addr:street': 'Am Rain', 'addr:housenumber': '2;4;2', 'addr:country': 'DE' }))
      .toEqual({ street: 'Am Rain', houseNumbers: ['2', '4'], postcode: null, city: null, country: 'de' });
  });

  it('is no address without a house number or a street', () => {
    expect(osmAddressFields({ 'addr:street': 'Am Rain' })).toBeNull();
    expect(osmAddressFields({ 'addr:place': 'Theta', 'addr:housenumber': '3' })).toBeNull();
    expect(osmAddressFields({ building: 'yes' })).toBeNull();
  });

  it('ignores an addr:country that is no code', () => {
    expect(osmAddressFields({ 'addr:street': 'Am Rain', 'addr:housenumber': '1', 'addr:country': 'Germany' })?.country).toBeNull();
  });
});

/** A made-up extract: a square building and a node with addresses, a third address across a border. */
async function readExtract(sinkFeed: (sink: OsmFeatureSink) => void) {
  const spoolFile = path.join(mkdtempSync(path.join(tmpdir(), 'addresses-')), 'spool.ndjson');
  const countries = new CountryLocator([
    { code: 'de', rings: [[[11, 49], [12, 49], [12, 50], [11, 50], [11, 49]]] },
    { code: 'cz', rings: [[[12, 49], [13, 49], [13, 50], [12, 50], [12, 49]]] },
  ]);
  const read = await readOsmAddresses({ read: async (sink) => sinkFeed(sink), spoolFile, countries });
  const addresses = [];
  for await (const address of read.addresses) addresses.push(address);
  return { read, addresses, leftovers: readdirSync(path.dirname(spoolFile)) };
}

describe('readOsmAddresses', () => {
  it('places a node at itself and a building inside it, in the country of its position unless it names one', async () => {
    const { read, addresses, leftovers } = await readExtract((sink) => {
      sink.node(1, 11.5, 49.5); sink.node(2, 11.5002, 49.5); sink.node(3, 11.5002, 49.5002); sink.node(4, 11.5, 49.5002);
      sink.node(5, 11.6, 49.6);
      sink.nodeTags?.(5, { shop: 'florist', 'addr:street': 'Am Ängerlein', 'addr:housenumber': '1', 'addr:postcode': '95500', 'addr:city': 'Altenplos' });
      sink.node(6, 12.5, 49.5);
      sink.nodeTags?.(6, { 'addr:street': 'Hlavní', 'addr:housenumber': '7' });
      sink.node(7, 12.6, 49.5);
      sink.nodeTags?.(7, { 'addr:street': 'Grenzweg', 'addr:housenumber': '1', 'addr:country': 'DE' });
      sink.way(10, [1, 2, 3, 4, 1], { building: 'yes', 'addr:street': 'Hauptstraße', 'addr:housenumber': '11;13' });
      sink.way(11, [1, 2], { highway: 'residential', name: 'Hauptstraße' });
    });
    expect(read.found).toBe(4);
    expect(addresses).toEqual([
      { ref: 'n5', country: 'de', street: 'Am Ängerlein', houseNumber: '1', postcode: '95500', city: 'Altenplos', position: [11.6, 49.6] },
      { ref: 'n6', country: 'cz', street: 'Hlavní', houseNumber: '7', postcode: null, city: null, position: [12.5, 49.5] },
      { ref: 'n7', country: 'de', street: 'Grenzweg', houseNumber: '1', postcode: null, city: null, position: [12.6, 49.5] },
      { ref: 'w10', country: 'de', street: 'Hauptstraße', houseNumber: '11', postcode: null, city: null, position: [11.5001, 49.5001] },
      { ref: 'w10', country: 'de', street: 'Hauptstraße', houseNumber: '13', postcode: null, city: null, position: [11.5001, 49.5001] },
    ]);
    expect(read.summary).toEqual({ addresses: 5, byCountry: { cz: 1, de: 4 }, skipped: {} });
    expect(leftovers).toEqual([]);
  });

  it('leaves out an address at sea, in no country', async () => {
    const { addresses, read } = await readExtract((sink) => {
      sink.node(1, 5, 40);
      sink.nodeTags?.(1, { 'addr:street': 'Pier', 'addr:housenumber': '1' });
    });
    expect(addresses).toEqual([]);
    expect(read.summary.skipped).toEqual({ 'at sea, in no country': 1 });
  });
});
