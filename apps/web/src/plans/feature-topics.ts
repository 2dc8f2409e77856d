/**
 * What a gated feature is about, in the words the app uses for it (the plans dialog's introduction,
 * the locks): the feature's first segment (plans/features.ts), the multi-area export on its own.
 */
import { FEATURES } from '@catchment/domain';

export const FEATURE_TOPICS = ['census', 'divisions', 'multiAreaExport', 'indicators', 'searches', 'reports', 'heatmaps', 'generation'] as const;
export type FeatureTopic = (typeof FEATURE_TOPICS)[number];

const BY_FIRST_SEGMENT: Readonly<Record<string, FeatureTopic>> = {
  census: 'census',
  divisions: 'divisions',
  metrics: 'indicators',
  poi: 'searches',
  poi_create: 'searches',
  poi_create_no_limit: 'searches',
  reports: 'reports',
  heatmap: 'heatmaps',
  maps: 'generation',
};

/** The topic of a feature name; null for a feature the app has no words for. */
export function featureTopic(feature: string | null): FeatureTopic | null {
  if (!feature) return null;
  if (feature === FEATURES.multiAreaExport || feature === FEATURES.bulkBoundaryExport) return 'multiAreaExport';
  return BY_FIRST_SEGMENT[feature.split(':')[0]!] ?? null;
}
