/**
 * Automatic map generation (SPEC §1, §7 POST /v2/maps/generate): one area per row of a list of
 * places or of an own dataset, all made with the same recipe (mode and value), coloured by a rule.
 * The pure part: the rows' colours, each row's area recipe, and how far a generation got.
 */
import { AREA_COLOR_PALETTE, MAX_DISTANCE_METERS, MAX_ISOCHRONE_SECONDS } from '../constants.js';
import type { TransportMode } from '../enums.js';

/** Areas one generation makes at most: a store network's list fits, a whole customer file goes to several maps. */
export const GENERATION_MAX_ROWS = 1_000;

/** The colour of rows whose category is empty, under the "by category" rule: apart from the palette. */
export const UNCATEGORISED_COLOR = '#6b7280';

export type GenerationColorRule =
  | { rule: 'single'; color: string }
  | { rule: 'palette' }
  | { rule: 'category' };

/**
 * The colour of each row: one colour for all; the palette in turn, row after row; or one palette
 * colour per category, in the order categories first appear (the same text, case and spaces
 * aside, is the same category), empty ones grey. Past the palette's length categories share colours.
 */
export function generationColors(rule: GenerationColorRule, categories: readonly (string | null | undefined)[]): string[] {
  switch (rule.rule) {
    case 'single':
      return categories.map(() => rule.color);
    case 'palette':
      return categories.map((_, index) => AREA_COLOR_PALETTE[index % AREA_COLOR_PALETTE.length]!);
    case 'category': {
      const order = new Map<string, number>();
      return categories.map((category) => {
        const key = category?.trim().toLowerCase() ?? '';
        if (key === '') return UNCATEGORISED_COLOR;
        if (!order.has(key)) order.set(key, order.size);
        return AREA_COLOR_PALETTE[order.get(key)! % AREA_COLOR_PALETTE.length]!;
      });
    }
  }
}

/** The recipe every generated area shares: an isochrone (value in seconds), a road isodistance or a circle (metres). */
export interface GenerationRecipe {
  isoMode: 'isochrone' | 'isodistance';
  transportMode: TransportMode;
  value: number;
  departureDate?: string | undefined;
}

/** The fields of a create-area request that make a row's area from its start point. */
export function generatedAreaRecipe(recipe: GenerationRecipe, startPoint: [number, number]) {
  const amount = recipe.isoMode === 'isochrone' ? { duration: recipe.value } : { distance: recipe.value };
  return {
    isoMode: recipe.isoMode,
    transportMode: recipe.transportMode,
    startPoint,
    ...amount,
    ...(recipe.departureDate ? { departureDate: recipe.departureDate } : {}),
  };
}

/** The largest value a recipe may have: the analysis range (SPEC §9). */
export function generationValueMax(isoMode: GenerationRecipe['isoMode']): number {
  return isoMode === 'isochrone' ? MAX_ISOCHRONE_SECONDS : MAX_DISTANCE_METERS;
}

export const GENERATION_STATUSES = ['waiting', 'running', 'done', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** How far a generation got, between 0 and 1: the rows dealt with (made or failed) out of all. */
export function generationProgress(status: GenerationStatus, processed: number, total: number): number {
  if (status === 'done') return 1;
  return total === 0 ? 0 : Math.min(1, processed / total);
}
