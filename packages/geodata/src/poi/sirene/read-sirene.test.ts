import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyPoiReadSummary, type PoiItem } from '../poi-item.js';
import { GeolocationIndex } from './geolocation-index.js';
import { projectedToLonLat } from './lambert-projections.js';
import { classifySireneFiles, readGeolocation, readSireneItems } from './read-sirene.js';

const BY_IRIS = path.resolve(import.meta.dirname, '../../../../../test-data/poi/sirene-etablissements-67-bas-rhin-by-iris.csv');

async function all(items: AsyncIterable<PoiItem>): Promise<PoiItem[]> {
  const list: PoiItem[] = [];
  for await (const item of items) list.push(item);
  return list;
}

// INSEE's StockEtablissement columns (comma-separated, as published), and its geolocation file's
// (semicolon-separated). Values are made up; the SIRETs have the real form (SIREN + NIC).
const STOCK_HEADER = [
  'siren', 'nic', 'siret', 'statutDiffusionEtablissement', 'dateCreationEtablissement', 'trancheEffectifsEtablissement',
  'anneeEffectifsEtablissement', 'activitePrincipaleRegistreMetiersEtablissement', 'dateDernierTraitementEtablissement',
  'etablissementSiege', 'nombrePeriodesEtablissement', 'complementAdresseEtablissement', 'numeroVoieEtablissement',
  'indiceRepetitionEtablissement', 'typeVoieEtablissement', 'libelleVoieEtablissement', 'codePostalEtablissement',
  'libelleCommuneEtablissement', 'libelleCommuneEtrangerEtablissement', 'distributionSpecialeEtablissement',
  'codeCommuneEtablissement', 'codeCedexEtablissement', 'libelleCedexEtablissement', 'codePaysEtrangerEtablissement',
  'libellePaysEtrangerEtablissement', 'complementAdresse2Etablissement', 'numeroVoie2Etablissement',
  'indiceRepetition2Etablissement', 'typeVoie2Etablissement', 'libelleVoie2Etablissement', 'codePostal2Etablissement',
  'libelleCommune2Etablissement', 'libelleCommuneEtranger2Etablissement', 'distributionSpeciale2Etablissement',
  'codeCommune2Etablissement', 'codeCedex2Etablissement', 'libelleCedex2Etablissement', 'codePaysEtranger2Etablissement',
  'libellePaysEtranger2Etablissement', 'dateDebut', 'etatAdministratifEtablissement', 'enseigne1Etablissement',
  'enseigne2Etablissement', 'enseigne3Etablissement', 'denominationUsuelleEtablissement', 'activitePrincipaleEtablissement',
  'nomenclatureActivitePrincipaleEtablissement', 'caractereEmployeurEtablissement',
];

function stockRow(values: Record<string, string>): string {
  return STOCK_HEADER.map((column) => {
    const value = values[column] ?? '';
    return /[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(',');
}

function officialFiles(): { stock: string; geolocation: string } {
  const directory = mkdtempSync(path.join(tmpdir(), 'sirene-'));
  const stock = path.join(directory, 'StockEtablissement_utf8.csv');
  writeFileSync(stock, [
    STOCK_HEADER.join(','),
    stockRow({
      siren: '123456789', nic: '00012', siret: '12345678900012', trancheEffectifsEtablissement: '02', numeroVoieEtablissement: '3',
      typeVoieEtablissement: 'PL', libelleVoieEtablissement: 'DE LA CATHEDRALE', codePostalEtablissement: '67000',
      libelleCommuneEtablissement: 'STRASBOURG', codeCommuneEtablissement: '67482', etatAdministratifEtablissement: 'A',
      enseigne1Etablissement: 'AU PAIN DE MON GRAND-PERE', activitePrincipaleEtablissement: '10.71C',
      nomenclatureActivitePrincipaleEtablissement: 'NAFRev2', caractereEmployeurEtablissement: 'O',
    }),
    stockRow({
      siren: '987654321', nic: '00021', siret: '98765432100021', trancheEffectifsEtablissement: 'NN', etatAdministratifEtablissement: 'A',
      codeCommuneEtablissement: '67482', denominationUsuelleEtablissement: 'PHARMACIE DU DOME', activitePrincipaleEtablissement: '47.73Z',
      nomenclatureActivitePrincipaleEtablissement: 'NAFRev2',
    }),
    // Closed: left out.
    stockRow({ siren: '111111111', nic: '00013', siret: '11111111100013', etatAdministratifEtablissement: 'F', activitePrincipaleEtablissement: '56.10A' }),
    // Active but in no geolocation file and without coordinates of its own: left out.
    stockRow({ siren: '222222222', nic: '00014', siret: '22222222200014', etatAdministratifEtablissement: 'A', activitePrincipaleEtablissement: '56.10A', nomenclatureActivitePrincipaleEtablissement: 'NAFRev2' }),
    // Still under an older nomenclature: kept, without a NAF rév. 2 code.
    stockRow({ siren: '333333333', nic: '00015', siret: '33333333300015', etatAdministratifEtablissement: 'A', activitePrincipaleEtablissement: '52.4C', nomenclatureActivitePrincipaleEtablissement: 'NAFRev1' }),
  ].join('\n'));
  const geolocation = path.join(directory, 'GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv');
  writeFileSync(geolocation, [
    'siret;x;y;qualite_xy;epsg;plg_qp;plg_iris;plg_zus;plg_qva;plg_code_commune;distance_precision;qualite_qp;qualite_iris;qualite_zus;qualite_qva;y_latitude;x_longitude',
    // Lambert-93 only (no lon/lat column filled): reprojected.
    '12345678900012;1050000.0;6840000.0;11;2154;;674820701;;;67482;1.2;1;1;1;1;;',
    '98765432100021;1050500.0;6840500.0;11;2154;;674820702;;;67482;1.2;1;1;1;1;48.5852;7.7512',
    '33333333300015;1049000.0;6841000.0;11;2154;;;;;67482;1.2;1;1;1;1;48.59;7.738',
  ].join('\n'));
  return { stock, geolocation };
}

describe('SIRENE files', () => {
  it('tells the files apart by their columns, and names a file that is none', () => {
    const { stock, geolocation } = officialFiles();
    expect(classifySireneFiles([geolocation, stock, BY_IRIS]).map((source) => source.kind)).toEqual(['geolocation', 'stock', 'by-iris']);
    const other = path.join(mkdtempSync(path.join(tmpdir(), 'sirene-')), 'customers.csv');
    writeFileSync(other, 'name,lon,lat\nA,1,2\n');
    expect(() => classifySireneFiles([other])).toThrow(/customers\.csv is not a SIRENE file/);
  });

  it('reads every establishment of the by-IRIS file, placed by its IRIS only', async () => {
    const summary = emptyPoiReadSummary();
    const items = await all(readSireneItems({ file: BY_IRIS, kind: 'by-iris' }, summary));
    expect(items).toHaveLength(81_921);
    expect(summary).toEqual({ items: 81_921, byCatalogue: { fr_institutions: 81_921 }, skipped: {} });
    expect(items[0]).toEqual({
      catalogue: 'fr_institutions', ref: '1', name: null, categories: [], tags: [], naf: '6420Z', headcount: '00', brand: null, address: null,
      openingHours: null, website: null, details: {}, country: 'fr', position: null, iris: '674820701',
    });
    const count = (test: (item: PoiItem) => boolean) => items.filter(test).length;
    // Counted in the file with a spreadsheet: rows with APET700 = 5610A, 5610C, 1071C, 4776Z, and CODE_IRIS = 674820701.
    expect(count((item) => item.naf === '5610A')).toBe(1_175);
    expect(count((item) => item.naf === '5610C')).toBe(945);
    expect(count((item) => item.naf === '1071C')).toBe(279);
    expect(count((item) => item.iris === '674820701')).toBe(1_425);
    expect(count((item) => item.categories.includes('food.restaurant'))).toBe(1_179); // 5610A + 5610B
    expect(count((item) => item.categories.includes('food.bakery'))).toBe(count((item) => ['1071B', '1071C', '1071D', '4724Z'].includes(item.naf!)));
    expect(count((item) => item.categories.includes('shopping.florist'))).toBe(137);
    expect(count((item) => item.headcount === '00')).toBe(59_913);
    expect(count((item) => item.headcount === 'NN')).toBe(1_935);
  });

  it('reads the official stock with its geolocation file: active establishments only, positioned, named, addressed', async () => {
    const { stock, geolocation } = officialFiles();
    const index = await readGeolocation([geolocation]);
    expect(index.size).toBe(3);
    const summary = emptyPoiReadSummary();
    const items = await all(readSireneItems({ file: stock, kind: 'stock' }, summary, { geolocation: index }));
    expect(summary).toEqual({ items: 3, byCatalogue: { fr_institutions: 3 }, skipped: { 'closed establishment': 1, 'no position': 1 } });
    const [bakery, pharmacy, old] = items;
    expect(bakery).toMatchObject({
      ref: '12345678900012', name: 'AU PAIN DE MON GRAND-PERE', naf: '1071C', headcount: '02', categories: ['food', 'food.bakery'],
      address: '3 PLACE DE LA CATHEDRALE, 67000 STRASBOURG', iris: '674820701', country: 'fr',
    });
    // Lambert-93 (1,050,000 m; 6,840,000 m) is in the middle of Strasbourg.
    expect(bakery!.position![0]).toBeCloseTo(7.75, 1);
    expect(bakery!.position![1]).toBeCloseTo(48.58, 1);
    expect(pharmacy).toMatchObject({ name: 'PHARMACIE DU DOME', naf: '4773Z', headcount: 'NN', categories: ['health', 'health.pharmacy'] });
    expect(pharmacy!.position![0]).toBeCloseTo(7.7512, 4);
    expect(pharmacy!.position![1]).toBeCloseTo(48.5852, 4);
    expect(old).toMatchObject({ naf: null, categories: [], details: { activity: '52.4C (NAFRev1)' } });
  });

  it('reads a stock file that carries longitude and latitude itself', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sirene-')), 'StockEtablissement_geo_67.csv');
    writeFileSync(file, 'siret,etatAdministratifEtablissement,activitePrincipaleEtablissement,trancheEffectifsEtablissement,denominationUsuelleEtablissement,longitude,latitude\n'
      + '12345678900012,A,56.10A,01,LA CLOCHE,7.7503,48.5815\n');
    const items = await all(readSireneItems({ file, kind: 'stock' }, emptyPoiReadSummary()));
    expect(items).toMatchObject([{ ref: '12345678900012', name: 'LA CLOCHE', naf: '5610A', headcount: '01', position: [7.7503, 48.5815], iris: null }]);
  });
});

describe('SIRENE coordinates', () => {
  it('converts Lambert-93 to WGS84: its origin is 3°E 46.5°N', () => {
    const [lon, lat] = projectedToLonLat(700_000, 6_600_000, '2154')!;
    expect(lon).toBeCloseTo(3, 6);
    expect(lat).toBeCloseTo(46.5, 6);
    expect(projectedToLonLat(0, 0, '9999')).toBeNull();
  });

  it('finds positions and IRIS by SIRET whatever the order of the file, Corsica included', () => {
    const index = new GeolocationIndex();
    index.add('98765432100021', 7.75, 48.58, '674820702');
    index.add('12345678900012', 9.1, 42.1, '2A0040101');
    index.add('55555555500010', 2.35, 48.85, null);
    expect(index.get('12345678900012')).toEqual({ position: [expect.closeTo(9.1, 5), expect.closeTo(42.1, 5)], iris: '2A0040101' });
    expect(index.get('98765432100021')?.iris).toBe('674820702');
    expect(index.get('55555555500010')?.iris).toBeNull();
    expect(index.get('00000000000000')).toBeUndefined();
  });
});
