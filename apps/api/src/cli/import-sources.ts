/**
 * `npm run data -- import <source> <files…>`: one entry per kind of open data. Each importer reads
 * its files, writes what the server uses (road graphs into DATA_DIR, territorial datasets into the
 * database), and prints a summary.
 */
import { mkdirSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { basename, join } from 'node:path';
import {
  formatGtfsImportSummary, formatImportSummary, GRAPH_EXTENSION, importGtfs, importOsm, progressBar, type GtfsImportSummary,
} from '@catchment/routing';
import {
  formatAddressReadSummary, formatImportReport, formatPoiReadSummary, formatRegionBasemapSummary, REGION_BASEMAP_EXTENSION, TERRITORY_IMPORTERS,
} from '@catchment/geodata';
import { buildRegionBasemapFromExtract } from '../basemap/region-basemap-build.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { importOsmAddressExtract, type AddressImportResult } from '../geocoding/data/address-import.js';
import { importOsmPoiExtract, importSireneFiles, type PoiImportResult } from '../poi/data/poi-import.js';
import { importTerritories } from '../territories/data/territory-import.js';
import { withDataDatabase } from './cli-database.js';
import { demoGraphDirectory, ensureDemoRoadNetworks } from '../isochrones/demo-road-networks.setup.js';

export interface ImportContext {
  config: Config;
  log: (message: string) => void;
  /** Where progress bars go (stderr), so the summary on stdout stays clean for scripts. */
  progress: NodeJS.WriteStream;
}

export interface ImportSource {
  usage: string;
  summary: string;
  run(files: string[], context: ImportContext): Promise<void>;
}

/** `monaco.osm.pbf` → `monaco`: the region name the graph file is saved under. */
export function regionName(file: string): string {
  return basename(file).replace(/\.osm(\.pbf|\.gz)?$/, '').replace(/\.pbf$/, '');
}

export const IMPORT_SOURCES: Record<string, ImportSource> = {
  osm: {
    usage: 'osm <extract.osm.pbf>…',
    summary: 'Road network for isochrones and street-level basemap (.osm.pbf, .osm or .osm.gz) into DATA_DIR/graphs/<region>.graph and DATA_DIR/basemap/<region>.pmtiles',
    async run(files, { config, log, progress }) {
      if (files.length === 0) throw new Error('import osm needs at least one OpenStreetMap extract');
      // The folder the server loads its road graphs from, one `<region>.graph` per extract.
      const directory = config.routingGraphDir;
      mkdirSync(directory, { recursive: true });
      mkdirSync(config.basemapDir, { recursive: true });
      for (const file of files) {
        const output = join(directory, `${regionName(file)}${GRAPH_EXTENSION}`);
        const bar = progressWriter(progress);
        const summary = await importOsm(file, output, { onProgress: bar.update });
        bar.done();
        log(formatImportSummary(summary));
        // The region's streets, water, land use and place names, in the basemap's schema.
        const basemap = join(config.basemapDir, `${regionName(file)}${REGION_BASEMAP_EXTENSION}`);
        log(formatRegionBasemapSummary(await buildRegionBasemapFromExtract(file, basemap)));
      }
      log('Restart the server to route in the imported regions; running servers show their basemap within seconds.');
    },
  },
  // Public transport timetables, linked to an imported road network's walking paths.
  gtfs: {
    usage: 'gtfs <feed.zip>…',
    summary: 'Public transport timetables (GTFS .zip or unzipped folder) for transit isochrones into DATA_DIR/transit/<feed>.timetable, '
      + 'stops linked to the walking network of the road graph covering them (import its OpenStreetMap extract first)',
    async run(files, { config, log, progress }) {
      if (files.length === 0) throw new Error('import gtfs needs at least one GTFS feed');
      for (const file of files) log(formatGtfsImportSummary(await importGtfsFeed(config, file, { log, progress })));
      log('Restart the server to compute transit areas with the imported timetables.');
    },
  },
  // Businesses and points of interest, into the database (every server sees them once live).
  'osm-pois': {
    usage: 'osm-pois <extract.osm.pbf>…',
    summary: 'Points of interest (amenity, shop, office, tourism, leisure, healthcare, craft) of OpenStreetMap extracts into the {country}_osm_poi catalogues',
    async run(files, { config, log, progress }) {
      if (files.length === 0) throw new Error('import osm-pois needs at least one OpenStreetMap extract');
      await withDataDatabase(config, log, async (database) => {
        const scratchDir = join(config.dataDir, 'imports');
        mkdirSync(scratchDir, { recursive: true });
        for (const file of files) {
          const bar = progressWriter(progress);
          const result = await importOsmPoiExtract(database.db, file, { scratchDir, onProgress: bar.update });
          bar.done();
          for (const line of formatPoiImport(result)) log(line);
        }
      });
    },
  },
  // Postal addresses for the built-in geocoder, into the database (every server uses them once live).
  'osm-addresses': {
    usage: 'osm-addresses <extract.osm.pbf>…',
    summary: 'Postal addresses (house number on a street, with postcode and town) of OpenStreetMap extracts, for the built-in geocoder',
    async run(files, { config, log, progress }) {
      if (files.length === 0) throw new Error('import osm-addresses needs at least one OpenStreetMap extract');
      await withDataDatabase(config, log, async (database) => {
        const scratchDir = join(config.dataDir, 'imports');
        mkdirSync(scratchDir, { recursive: true });
        for (const file of files) {
          const bar = progressWriter(progress);
          const result = await importOsmAddressExtract(database.db, file, { scratchDir, onProgress: bar.update });
          bar.done();
          for (const line of formatAddressImport(result)) log(line);
        }
      });
    },
  },
  sirene: {
    usage: 'sirene <StockEtablissement.csv> [GeolocalisationEtablissement.csv] | <by-IRIS.csv>',
    summary: "SIRENE establishments (INSEE's stock with its geolocation file, or establishments by IRIS) into the fr_institutions catalogue",
    async run(files, { config, log, progress }) {
      await withDataDatabase(config, log, async (database) => {
        const bar = progressWriter(progress);
        const results = await importSireneFiles(database.db, files, { onProgress: bar.update });
        bar.done();
        for (const result of results) for (const line of formatPoiImport(result)) log(line);
        const unplaced = await establishmentsWithoutIrisBoundaries(database.db);
        if (unplaced > 0) {
          log(`Note: ${unplaced.toLocaleString('en')} establishments are placed by their IRIS only, and no IRIS boundaries are in the database:`
            + ' they count in areas once they are imported (npm run data -- import fr-iris <contours> [census.csv]; docs/data-sources.md).');
        }
      });
    },
  },
  // Territorial units and census figures, into the database (every server sees them once live).
  ...Object.fromEntries(Object.entries(TERRITORY_IMPORTERS).map(([name, importer]): [string, ImportSource] => [name, {
    usage: importer.usage,
    summary: importer.summary,
    async run(files, { config, log, progress }) {
      await withDataDatabase(config, log, async (database) => {
        const bar = progressWriter(progress);
        const scratchDir = join(config.dataDir, 'imports');
        mkdirSync(scratchDir, { recursive: true });
        const { report, loaded } = await importTerritories(database.db, importer, files, { scratchDir, onProgress: bar.update });
        bar.done();
        for (const line of formatImportReport(report)) log(line);
        log(loaded.unchanged
          ? `Dataset ${loaded.id}: the same units are already in the database; nothing changed.`
          : `Dataset ${loaded.id} is live (data version ${loaded.version}): running servers use it from their next request.`);
      });
    },
  }])),
};

/**
 * One feed into the folder the server loads timetables from, linked to the operator's road graphs
 * or the demo's (the operator's first, the demo's imported first if they are not yet, as the
 * server does on its first start): what `import gtfs` runs, and the tests with it.
 */
export async function importGtfsFeed(
  config: Config, file: string, { log, progress }: { log: (message: string) => void; progress?: NodeJS.WriteStream },
): Promise<GtfsImportSummary> {
  await ensureDemoRoadNetworks(config, log);
  mkdirSync(config.transitTimetableDir, { recursive: true });
  const bar = progress ? progressWriter(progress) : undefined;
  const summary = await importGtfs(file, {
    graphDirs: [config.routingGraphDir, demoGraphDirectory(config)], outputDir: config.transitTimetableDir, onProgress: bar?.update,
  });
  bar?.done();
  return summary;
}

/** Establishments placed by their IRIS only, when no IRIS boundary is live to weigh them by (else 0). */
async function establishmentsWithoutIrisBoundaries(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT CASE WHEN EXISTS (SELECT 1 FROM live_territory_units WHERE kind = 'fr_iris') THEN 0
      ELSE (SELECT count(*)::int FROM live_poi_items WHERE catalogue = 'fr_institutions' AND position IS NULL) END AS n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

function formatPoiImport({ files, summary, borders, loaded }: PoiImportResult): string[] {
  if (!summary) return [`Dataset ${loaded.id}: the same items are already in the database; nothing changed.`];
  const [count, ...details] = formatPoiReadSummary(summary);
  return [
    `Dataset ${loaded.id} (${files.map((file) => basename(file)).join(', ')}): ${count}`,
    ...details,
    ...(borders && borders.length > 0
      ? [`  countries placed by the extract's own borders: ${borders.map((border) => `${border.code}${border.closedOverGap ? ' (closed over a gap)' : ''}`).join(', ')}`]
      : []),
    `Dataset ${loaded.id} is live (POI data version ${loaded.version}): running servers use it from their next request.`,
  ];
}

function formatAddressImport({ file, summary, borders, loaded }: AddressImportResult): string[] {
  if (!summary) return [`Dataset ${loaded.id}: the same addresses are already in the database; nothing changed.`];
  const [count, ...details] = formatAddressReadSummary(summary);
  return [
    `Dataset ${loaded.id} (${basename(file)}): ${count} on ${loaded.streets.toLocaleString('en')} streets`,
    ...details,
    ...(borders && borders.length > 0
      ? [`  countries placed by the extract's own borders: ${borders.map((border) => `${border.code}${border.closedOverGap ? ' (closed over a gap)' : ''}`).join(', ')}`]
      : []),
    `Dataset ${loaded.id} is live (address data version ${loaded.version}): running servers geocode with it from their next batch.`,
  ];
}

/**
 * Redraws one line in a terminal; elsewhere (CI logs, pipes) writes a line per tenth of the read
 * and per phase, so the log does not fill with carriage returns.
 */
interface Progress { phase: string; fraction: number }

function progressWriter(stream: NodeJS.WriteStream): { update: (progress: Progress) => void; done: () => void } {
  let lastLine = '';
  let lastStep = '';
  return {
    update(progress) {
      const line = progressBar(progress);
      if (line === lastLine) return;
      lastLine = line;
      if (stream.isTTY) {
        stream.write(`\r${line}`);
        return;
      }
      const step = `${progress.phase}:${Math.floor(progress.fraction * 10)}`;
      if (step === lastStep) return;
      lastStep = step;
      stream.write(`${line}\n`);
    },
    done() {
      if (stream.isTTY && lastLine) stream.write('\n');
    },
  };
}

export function importUsage(): string[] {
  return Object.values(IMPORT_SOURCES).map((source) => `import ${source.usage}`.padEnd(56) + ` ${source.summary}`);
}
