/**
 * The administrative divisions an area covers (cities, postcodes, IRIS… per its country), with the
 * share of each unit inside the area, for the analysis tab and its XLSX export.
 */
import { divisionKinds, type AreaDivisions, type DivisionList, type DivisionRow } from '@catchment/domain';
import type { TerritoryStore } from '@catchment/geodata';
import type { AnalysedArea, CensusService } from './census.service.js';

export class DivisionsService {
  constructor(private readonly territories: TerritoryStore, private readonly census: CensusService) {}

  divisionsOf(area: AnalysedArea): AreaDivisions {
    const country = this.census.countryOf(area.geometry);
    const index = this.territories.index;
    const loaded = new Set(index.kinds().map((summary) => summary.kind));
    const divisions: DivisionList[] = divisionKinds(country).filter((kind) => loaded.has(kind)).map((kind) => ({
      kind,
      rows: index.divisions(area.geometry, kind).map(({ unit, share }): DivisionRow => {
        // Without the parent level loaded (communes without départements), its code still says where the unit is.
        const parentName = index.parentOf(unit)?.name ?? unit.parentCode;
        return {
          code: unit.code,
          name: unit.name,
          ...(parentName ? { parentName } : {}),
          share,
          geometry: unit.geometry.type === 'Point' ? 'point' : 'polygon',
          population: unit.values.population ?? null,
          ...(unit.related ? { related: unit.related } : {}),
        };
      }),
    }));
    return { areaId: area.uuid, country, divisions };
  }
}
