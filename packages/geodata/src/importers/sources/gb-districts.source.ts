/**
 * Local authority districts of Great Britain (ONS Open Geography boundaries, any year: LAD13CD,
 * LAD23CD…) with the ONS mid-year population estimates.
 */
import { importContours, numberCell, pick, type TerritoryImporter } from '../territory-importer.js';

export const gbDistricts: TerritoryImporter = {
  usage: 'gb-districts <boundaries> [population.csv]',
  summary: 'Local authority districts of Great Britain (ONS boundaries) with ONS mid-year population estimates',
  run: ([contours, values], options) => {
    if (!contours) throw new Error('import gb-districts needs a boundary file');
    return importContours({
      source: 'gb-districts', kind: 'gb_districts', contours, values,
      unitOf(properties) {
        const code = pick(properties, /^LAD\d\dCD$/, 'code', 'CODE');
        const name = pick(properties, /^LAD\d\dNM$/, 'name', 'NAME');
        if (!code || !name) return 'a feature without district code or name';
        return { kind: 'gb_districts', code, name, country: 'gb' };
      },
      valuesOf(row) {
        const code = pick(row, 'Code', 'code', /^LAD\d\dCD$/, 'AREA_CODE');
        const population = numberCell(pick(row, 'All ages', 'population', 'Population', 'OBS_VALUE'));
        return code && population !== undefined ? { code, values: { population } } : null;
      },
    }, options);
  },
};
