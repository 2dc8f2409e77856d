/** The territorial services over the database's data of record, built once per process. */
import type { Kysely } from 'kysely';
import type { CountryLocator } from '@catchment/geodata';
import type { ComputePool } from '../compute/compute-pool.js';
import type { Database } from '../db/schema.js';
import { AreaMeasuresService } from '../measures/area-measures.service.js';
import { CensusSource } from './census-source.js';
import { TerritoryData } from './data/territory-data.js';
import { DivisionsService } from './divisions.service.js';
import { UnitTileSource } from './unit-tile-source.js';
import { UnitUnions } from './unit-unions.js';

export interface TerritoryServices {
  data: TerritoryData;
  /** The figures of areas, from every measure source (census figures for now). */
  measures: AreaMeasuresService;
  divisions: DivisionsService;
  /** Unions of units (administrative areas and their preview), in the compute threads, cached. */
  unions: UnitUnions;
  tiles: UnitTileSource;
}

export function territoryServices(db: Kysely<Database>, compute: ComputePool, countries: CountryLocator): TerritoryServices {
  const data = new TerritoryData(db);
  const measures = new AreaMeasuresService([new CensusSource(db, data, compute)], countries);
  return {
    data,
    measures,
    divisions: new DivisionsService(data, compute, measures),
    unions: new UnitUnions(db, data, compute),
    tiles: new UnitTileSource(db, data, compute),
  };
}
