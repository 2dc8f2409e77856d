/**
 * The ways the extractor page (and the map generation) draws its area, as a user thinks of them (a
 * circle of so many km, so many minutes by car…), and the request each one makes: the API takes
 * seconds and metres.
 */
import type { ExtractorRequest, TransportMode } from '@catchment/domain';

export type ExtractionModeId = 'circle' | 'car-time' | 'walk-time' | 'bike-time' | 'car-distance';

export interface ExtractionMode {
  id: ExtractionModeId;
  isoMode: ExtractorRequest['isoMode'];
  transportMode: TransportMode;
  /** What the value field counts: minutes of travel, or kilometres. */
  unit: 'minutes' | 'kilometres';
  defaultValue: number;
}

export const EXTRACTION_MODES: readonly ExtractionMode[] = [
  { id: 'circle', isoMode: 'isodistance', transportMode: 'circle', unit: 'kilometres', defaultValue: 5 },
  { id: 'car-time', isoMode: 'isochrone', transportMode: 'car', unit: 'minutes', defaultValue: 15 },
  { id: 'walk-time', isoMode: 'isochrone', transportMode: 'walk', unit: 'minutes', defaultValue: 15 },
  { id: 'bike-time', isoMode: 'isochrone', transportMode: 'bike', unit: 'minutes', defaultValue: 15 },
  { id: 'car-distance', isoMode: 'isodistance', transportMode: 'car', unit: 'kilometres', defaultValue: 10 },
];

export function extractionMode(id: ExtractionModeId): ExtractionMode {
  return EXTRACTION_MODES.find((mode) => mode.id === id) ?? EXTRACTION_MODES[0]!;
}

/**
 * The request for a start point and a value in the mode's unit; undefined for a value that is not a
 * positive number. Seconds and metres are whole numbers, as the API requires.
 */
export function extractionRequest(mode: ExtractionMode, startPoint: [number, number], value: number): ExtractorRequest | undefined {
  const amount = modeAmount(mode, value);
  return amount === undefined ? undefined : { startPoint, isoMode: mode.isoMode, transportMode: mode.transportMode, value: amount };
}

/** A value in the mode's unit as the API takes it: whole seconds or metres; undefined unless positive. */
export function modeAmount(mode: ExtractionMode, value: number): number | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const amount = Math.round(mode.unit === 'minutes' ? value * 60 : value * 1_000);
  return amount < 1 ? undefined : amount;
}
