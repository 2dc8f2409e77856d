/**
 * The basemap of one extract, read with the routing package's OSM reader (one reader for both
 * imports) and built by the geodata package into `<region>.pmtiles`.
 */
import { buildRegionBasemap, type RegionBasemapSummary } from '@catchment/geodata';
import { readOsm } from '@catchment/routing';

export function buildRegionBasemapFromExtract(extractPath: string, outputPath: string): Promise<RegionBasemapSummary> {
  return buildRegionBasemap({ read: (sink) => readOsm(extractPath, sink), source: extractPath, outputPath });
}
