/**
 * French territories: communes and départements (IGN Admin Express, or the GeoJSON versions
 * derived from it), IRIS (IGN/INSEE Contours IRIS), with INSEE populations and the IRIS census
 * tables. Column names differ between publications and years; each is recognised here.
 */
import { FR_AGE_BANDS, FR_SOCIO_PROFESSIONAL_CATEGORIES } from '@catchment/domain';
import { importContours, numberCell, pick, type TerritoryImporter, type ValueRow } from '../territory-importer.js';
import { communeName } from './french-names.js';

/** Columns holding a commune's full name, by publication (etalab's "nom", INSEE's LIBGEO and LIBELLE, IGN's NOM…). */
const COMMUNE_NAME_COLUMNS = ['nom', 'NOM', 'NOM_M', 'NOM_COM', 'LIBGEO', 'LIBELLE', 'libelle', 'name'] as const;

/** A commune's département: 2 characters (2A and 2B in Corsica), 3 overseas (971…). */
export const departementOfCommune = (code: string) => (code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2));

/** The commune code of an INSEE row: CODGEO or code_insee, or DEP + CODCOM as in "donnees_communes.csv". */
function communeCode(row: Record<string, string>): string | undefined {
  const direct = pick(row, 'code_insee', 'CODGEO', 'codgeo', 'code', 'COM_CODE');
  if (direct) return direct;
  const com = pick(row, 'COM');
  if (com && /^[0-9AB]{5}$/.test(com)) return com;
  const dep = pick(row, 'DEP');
  const codcom = pick(row, 'CODCOM');
  if (dep && codcom) return dep.startsWith('97') ? `${dep}${codcom.padStart(2, '0').slice(-2)}` : `${dep}${codcom.padStart(3, '0')}`;
  return undefined;
}

const populationOf = (row: Record<string, string>) => numberCell(pick(row, 'population', 'PMUN', /^P\d\d_POP$/, 'PTOT', 'POP'));

function populationRow(code: string | undefined, row: Record<string, string>, name?: string): ValueRow | null {
  const population = populationOf(row);
  if (!code || population === undefined) return null;
  const postcodes = pick(row, 'code_postaux', 'codes_postaux', 'codesPostaux');
  return {
    code, values: { population },
    ...(postcodes ? { related: postcodes.split(/[|,;]/).map((postcode) => postcode.trim()).filter(Boolean) } : {}),
    ...(name ? { name } : {}),
  };
}

export const frCommunes: TerritoryImporter = {
  usage: 'fr-communes <contours> [population.csv]',
  summary: 'French communes (IGN Admin Express: GeoJSON, Shapefile or GeoPackage) with INSEE populations',
  run: ([contours, values], options) => {
    if (!contours) throw new Error('import fr-communes needs a boundary file (and optionally an INSEE population CSV)');
    return importContours({
      source: 'fr-communes', kind: 'fr_cities', contours, values,
      unitOf(properties) {
        const code = pick(properties, 'code', 'INSEE_COM', 'insee', 'CODE_INSEE', 'code_insee');
        const name = communeName(properties, COMMUNE_NAME_COLUMNS);
        if (!code || !name) return 'a feature without code or name';
        return { kind: 'fr_cities', code, name, country: 'fr', parentCode: pick(properties, 'INSEE_DEP') ?? departementOfCommune(code) };
      },
      // Some boundary files drop the article ("Turbie"): INSEE's table names the commune in full.
      valuesOf: (row) => populationRow(communeCode(row), row, communeName(row, COMMUNE_NAME_COLUMNS)),
    }, options);
  },
};

export const frDepartements: TerritoryImporter = {
  usage: 'fr-departements <contours> [population.csv]',
  summary: 'French départements (IGN Admin Express) with INSEE populations',
  run: ([contours, values], options) => {
    if (!contours) throw new Error('import fr-departements needs a boundary file');
    return importContours({
      source: 'fr-departements', kind: 'fr_departements', contours, values,
      unitOf(properties) {
        const code = pick(properties, 'code', 'INSEE_DEP', 'code_insee', 'DEP');
        const name = pick(properties, 'nom', 'NOM', 'NOM_M', 'name');
        if (!code || !name) return 'a feature without code or name';
        return { kind: 'fr_departements', code, name, country: 'fr' };
      },
      valuesOf: (row) => populationRow(pick(row, 'code', 'DEP', 'CODDEP', 'code_insee'), row),
    }, options);
  },
};

/** INSEE IRIS census columns, whatever the year (P16_POP, P20_POP0014, C16_POP15P_CS3…) → measure keys. */
export function irisCensusValues(row: Record<string, string>): Record<string, number> {
  const values: Record<string, number> = {};
  const put = (key: string, pattern: RegExp) => {
    const value = numberCell(pick(row, pattern));
    if (value !== undefined) values[key] = value;
  };
  put('population', /^P\d\d_POP$/);
  for (const band of FR_AGE_BANDS) put(`population_${band.toLowerCase()}`, new RegExp(`^P\\d\\d_POP${band}$`));
  put('population_15p', /^C\d\d_POP15P$/);
  for (const cs of FR_SOCIO_PROFESSIONAL_CATEGORIES) put(`csp_${cs}`, new RegExp(`^C\\d\\d_POP15P_CS${cs}$`));
  return values;
}

export const frIris: TerritoryImporter = {
  usage: 'fr-iris <contours> [insee.csv]',
  summary: 'French IRIS (IGN/INSEE Contours IRIS) with the INSEE IRIS census table (population, ages, socio-professional categories)',
  run: ([contours, values], options) => {
    if (!contours) throw new Error('import fr-iris needs an IRIS boundary file (and optionally an INSEE IRIS census CSV)');
    return importContours({
      source: 'fr-iris', kind: 'fr_iris', contours, values,
      unitOf(properties) {
        const code = pick(properties, 'DCOMIRIS', 'CODE_IRIS', 'code_iris', 'IRIS');
        if (!code || code.length !== 9) return `an IRIS without a 9-character code (${code ?? 'none'})`;
        const commune = pick(properties, 'DEPCOM', 'INSEE_COM', 'insee_com') ?? code.slice(0, 5);
        const communeName = pick(properties, 'NOM_COM', 'nom_com');
        // An IRIS of type Z is a whole commune not divided into IRIS: it bears the commune's name.
        const irisName = pick(properties, 'TYP_IRIS') === 'Z' ? communeName : pick(properties, 'NOM_IRIS', 'nom_iris');
        return { kind: 'fr_iris', code, name: irisName ?? communeName ?? code, country: 'fr', parentCode: commune };
      },
      valuesOf(row) {
        const code = pick(row, 'IRIS', 'CODE_IRIS', 'DCOMIRIS');
        const values = irisCensusValues(row);
        return code && Object.keys(values).length > 0 ? { code, values } : null;
      },
    }, options);
  },
};
