/**
 * The plans (SPEC §3 enumeration, §6 roles, §9 limits): what each grants and allows. The one
 * source of plan facts: the API gates by it, the web app shows locks and the plan comparison from
 * it, billing prices plans by their id (billing/prices.ts).
 */
import { FREE_MAX_AREAS_PER_MAP, FREE_MAX_IMPORTED_ROWS } from '../constants.js';
import type { Plan } from '../enums.js';

export type PlanTier = 'free' | 'essential' | 'plus' | 'pro' | 'advanced';

export interface PlanDefinition {
  id: Plan;
  tier: PlanTier;
  /** Higher ranks grant at least what lower ones do (legacy PLUS sits between ESSENTIAL and PRO). */
  rank: number;
  /** Offered to new subscribers (legacy plans are kept for those who have them). */
  sold: boolean;
  /** Feature patterns granted (features.ts). */
  features: readonly string[];
  /** Areas per map; null: unlimited. */
  maxAreasPerMap: number | null;
  /** Business searches a user may create; null: unlimited (SPEC §9: free, the first only). */
  maxSearches: number | null;
  /** Points of own data (pins) the plan holds, before extra packs. */
  pins: number;
}

/** Population heatmaps are open to the free plan where the census has population (SPEC §6). */
const FREE_HEATMAP_COUNTRIES = ['fr', 'us', 'at', 'de', 'es', 'gb'] as const;

const FREE_FEATURES = [
  'poi_count',
  'data_import',
  'poi_create:*',
  ...FREE_HEATMAP_COUNTRIES.map((country) => `heatmap:population:${country}`),
];
const ESSENTIAL_FEATURES = [...FREE_FEATURES, 'divisions:*', 'extractor:*', 'crm', 'maps:generate'];
const PLUS_FEATURES = [...ESSENTIAL_FEATURES, 'census:*', 'metrics'];
const PRO_FEATURES = [...PLUS_FEATURES, 'poi:*', 'poi_create_no_limit:*', 'reports:*', 'heatmap:*'];
const ADVANCED_FEATURES = [...PRO_FEATURES, 'metrics:formula', 'export:multi_area', 'export:boundaries_bulk'];

export const PLAN_CATALOGUE: Readonly<Record<Plan, PlanDefinition>> = {
  default: { id: 'default', tier: 'free', rank: 0, sold: true, features: FREE_FEATURES, maxAreasPerMap: FREE_MAX_AREAS_PER_MAP, maxSearches: 1, pins: FREE_MAX_IMPORTED_ROWS },
  essential_2019: { id: 'essential_2019', tier: 'essential', rank: 1, sold: true, features: ESSENTIAL_FEATURES, maxAreasPerMap: null, maxSearches: 1, pins: 1_000 },
  plus_2019: { id: 'plus_2019', tier: 'plus', rank: 2, sold: false, features: PLUS_FEATURES, maxAreasPerMap: null, maxSearches: 1, pins: 5_000 },
  plus_2021: { id: 'plus_2021', tier: 'plus', rank: 2, sold: false, features: PLUS_FEATURES, maxAreasPerMap: null, maxSearches: 1, pins: 5_000 },
  pro_2020: { id: 'pro_2020', tier: 'pro', rank: 3, sold: true, features: PRO_FEATURES, maxAreasPerMap: null, maxSearches: null, pins: 10_000 },
  advanced_2024: { id: 'advanced_2024', tier: 'advanced', rank: 4, sold: true, features: ADVANCED_FEATURES, maxAreasPerMap: null, maxSearches: null, pins: 100_000 },
};

/** The plans a new subscriber may choose, cheapest first. */
export const SOLD_PLANS: readonly PlanDefinition[] = Object.values(PLAN_CATALOGUE).filter((plan) => plan.sold).sort((a, b) => a.rank - b.rank);

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && Object.hasOwn(PLAN_CATALOGUE, value);
}

/** A stored product that is not a known plan (data from elsewhere) counts as the free plan. */
export function planDefinition(product: string | null | undefined): PlanDefinition {
  return isPlan(product) ? PLAN_CATALOGUE[product] : PLAN_CATALOGUE.default;
}
