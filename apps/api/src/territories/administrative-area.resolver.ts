/**
 * The 'administrative' recipe of the maps' area-geometry registry: an area made of territorial
 * units (communes, IRIS, counties…), stored as the union of their boundaries with the unit list.
 * Units known only as points (the demo's French communes) have no boundary to unite: the answer
 * says which importer brings them.
 */
import { ERROR_CODES, unionGeometries, type AdministrativeKind, type AreaGeometry } from '@catchment/domain';
import type { TerritoryStore } from '@catchment/geodata';
import { HttpError } from '../http/errors.js';
import { areaCannotBeCalculated, type AreaGeometryResolver } from '../maps/area-geometry.js';

/** The importer (`npm run data -- import <name>`) that loads boundaries of each kind. */
const IMPORTER_OF_KIND: Partial<Record<AdministrativeKind, string>> = {
  fr_cities: 'fr-communes', fr_iris: 'fr-iris', fr_departements: 'fr-departements',
  us_states: 'us-states', us_counties: 'us-counties', us_zipcodes: 'us-zcta', gb_districts: 'gb-districts',
};

const LISTED_CODES_MAX = 10;

export function administrativeAreaResolver(territories: TerritoryStore): AreaGeometryResolver {
  return {
    async resolve(area) {
      const { unitKind, unitCodes } = area;
      if (!unitKind || !unitCodes) throw areaCannotBeCalculated();
      return unionOfUnits(territories, unitKind, unitCodes);
    },
  };
}

/** The union of the boundaries of units of a kind; 422 with the reason when a unit is unknown or only a point. */
export function unionOfUnits(territories: TerritoryStore, unitKind: AdministrativeKind, unitCodes: readonly string[]): AreaGeometry {
  const index = territories.index;
  if (index.units(unitKind).length === 0) {
    throw new HttpError(422, ERROR_CODES.unitKindNotLoaded, 'errors.unitKindNotLoaded', { unitKind });
  }
  const codes = [...new Set(unitCodes)];
  const units = codes.map((code) => ({ code, unit: index.unit(unitKind, code) }));
  const missing = units.filter(({ unit }) => !unit).map(({ code }) => code);
  if (missing.length > 0) {
    throw new HttpError(422, ERROR_CODES.unitsNotFound, 'errors.unitsNotFound', { unitKind, codes: missing.slice(0, LISTED_CODES_MAX) });
  }
  const pointsOnly = units.filter(({ unit }) => unit!.geometry.type === 'Point').map(({ code }) => code);
  if (pointsOnly.length > 0) {
    throw new HttpError(422, ERROR_CODES.unitsWithoutBoundary, 'errors.unitsWithoutBoundary', {
      unitKind, codes: pointsOnly.slice(0, LISTED_CODES_MAX), source: IMPORTER_OF_KIND[unitKind] ?? 'sources',
    });
  }
  const union = unionGeometries(units.map(({ unit }) => unit!.geometry as AreaGeometry));
  if (!union) throw areaCannotBeCalculated();
  return union;
}
