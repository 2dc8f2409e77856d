/**
 * The administrative divisions an area covers (cities, postcodes, IRIS… of its country, or of the
 * country the user chose), with the share of each unit inside the area, for the analysis tab and
 * its XLSX export.
 */
import { divisionKinds, type AreaDivisions, type Country, type DivisionList, type DivisionRow } from '@catchment/domain';
import type { ComputePool } from '../compute/compute-pool.js';
import type { AreaMeasuresService } from '../measures/area-measures.service.js';
import type { MeasuredArea } from '../measures/measure-source.js';
import type { TerritoryData } from './data/territory-data.js';
import { unitsInArea } from './unit-overlaps.js';

export class DivisionsService {
  constructor(private readonly data: TerritoryData, private readonly compute: ComputePool, private readonly measures: AreaMeasuresService) {}

  async divisionsOf(area: MeasuredArea, requestedCountry?: Country): Promise<AreaDivisions> {
    const { country } = this.measures.scopeOf(area, requestedCountry);
    const loaded = await this.data.loadedKinds();
    const kinds = divisionKinds(country).filter((kind) => loaded.has(kind));
    const met = await unitsInArea(this.data.units, this.compute, area.geometry, kinds);
    const parentNames = await this.data.units.parentNames(met.map(({ unit }) => unit));
    const divisions: DivisionList[] = kinds.map((kind) => ({
      kind,
      rows: met.filter(({ unit }) => unit.kind === kind)
        .sort((a, b) => b.share - a.share || a.unit.name.localeCompare(b.unit.name))
        .map(({ unit, share }): DivisionRow => {
          // Without the parent level loaded (communes without départements), its code still says where the unit is.
          const parentName = parentNames.get(`${unit.parentKind}|${unit.parentCode}`) ?? unit.parentCode ?? undefined;
          return {
            code: unit.code,
            name: unit.name,
            ...(parentName ? { parentName } : {}),
            share,
            geometry: unit.isPoint ? 'point' : 'polygon',
            population: unit.measures.population ?? null,
            ...(unit.related ? { related: unit.related } : {}),
          };
        }),
    }));
    return { areaId: area.uuid, country, divisions };
  }
}
