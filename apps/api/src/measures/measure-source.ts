/**
 * Where the figures of an area come from. Every kind of measure is a source behind this one
 * interface: census figures by dataset path today (territories/census-source.ts); business
 * searches, the user's own data and indicators will each add a source, registered in
 * AreaMeasuresService, instead of changing how areas are measured.
 */
import type { AreaGeometry, Country } from '@catchment/domain';
import type { MeasureScope } from './measure-scope.js';

export interface MeasuredArea { uuid: string; hash: string; geometry: AreaGeometry }

/** A figure before it is labelled in the request's language. */
export interface RawFigure {
  key: string;
  /** null: the source has nothing for this measure where the area lies. */
  value: number | null;
  coverage: number | null;
  sources: string[];
}

export interface MeasureSource {
  /** What the catalogue calls the source (`census`). */
  readonly type: string;
  /** The keys of the measures it gives for areas in a country. */
  measureKeys(country: Country): string[];
  /** The area's figures for the measures of the scope's country, from its data (the area is within the analysis limits). */
  figures(area: MeasuredArea, scope: MeasureScope): Promise<RawFigure[]>;
}
