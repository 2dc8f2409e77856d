/**
 * The administrative divisions an area covers (cities, postcodes, IRIS… of its country, or of the
 * country the user chose), with the share of each unit inside the area, for the analysis tab and
 * its exports: the divisions XLSX, the IRIS detail (each IRIS's census figures) and the bulk
 * export of the units' boundaries.
 */
import { divisionKinds, type AdministrativeKind, type AreaDivisions, type Country, type DivisionList, type DivisionRow } from '@catchment/domain';
import type { ComputePool } from '../compute/compute-pool.js';
import type { AreaMeasuresService } from '../measures/area-measures.service.js';
import type { MeasuredArea } from '../measures/measure-source.js';
import type { TerritoryData } from './data/territory-data.js';
import { unitsInArea } from './unit-overlaps.js';

/** A unit the area covers: its row in the divisions list, and what the exports add (figures, boundary as GeoJSON text). */
export interface CoveredUnit { kind: AdministrativeKind; row: DivisionRow; measures: Record<string, number>; geometry: string }

export interface CoveredUnits { country: Country; kinds: AdministrativeKind[]; units: CoveredUnit[] }

export class DivisionsService {
  constructor(private readonly data: TerritoryData, private readonly compute: ComputePool, private readonly measures: AreaMeasuresService) {}

  /** The kinds the divisions of an area list in its data country, among those loaded here. */
  async kindsOf(area: MeasuredArea, requestedCountry?: Country): Promise<{ country: Country; kinds: AdministrativeKind[] }> {
    const { country } = this.measures.scopeOf(area, requestedCountry);
    const loaded = await this.data.loadedKinds();
    return { country, kinds: divisionKinds(country).filter((kind) => loaded.has(kind)) };
  }

  async divisionsOf(area: MeasuredArea, requestedCountry?: Country): Promise<AreaDivisions> {
    const { country, kinds, units } = await this.coveredUnits(area, requestedCountry);
    const divisions: DivisionList[] = kinds.map((kind) => ({ kind, rows: units.filter((unit) => unit.kind === kind).map((unit) => unit.row) }));
    return { areaId: area.uuid, country, divisions };
  }

  /**
   * The units the area covers, largest share first within a kind: of the kinds its divisions list,
   * or of `only` (kinds of any country: IRIS are French whatever the data country).
   */
  async coveredUnits(area: MeasuredArea, requestedCountry?: Country, only?: readonly AdministrativeKind[]): Promise<CoveredUnits> {
    const scope = await this.kindsOf(area, requestedCountry);
    const kinds = only ? [...only] : scope.kinds;
    const met = await unitsInArea(this.data.units, this.compute, area.geometry, kinds);
    const parentNames = await this.data.units.parentNames(met.map(({ unit }) => unit));
    const units = met.sort((a, b) => kinds.indexOf(a.unit.kind) - kinds.indexOf(b.unit.kind) || b.share - a.share || a.unit.name.localeCompare(b.unit.name))
      .map(({ unit, share }): CoveredUnit => {
        // Without the parent level loaded (communes without départements), its code still says where the unit is.
        const parentName = parentNames.get(`${unit.parentKind}|${unit.parentCode}`) ?? unit.parentCode ?? undefined;
        const row: DivisionRow = {
          code: unit.code,
          name: unit.name,
          ...(parentName ? { parentName } : {}),
          share,
          geometry: unit.isPoint ? 'point' : 'polygon',
          population: unit.measures.population ?? null,
          ...(unit.related ? { related: unit.related } : {}),
        };
        return { kind: unit.kind, row, measures: unit.measures, geometry: unit.geometry };
      });
    return { country: scope.country, kinds, units };
  }
}
