/**
 * The features of a GeoPackage (the SQLite format IGN publishes Admin Express and IRIS contours
 * in): every feature table of gpkg_contents in turn, with its projection from
 * gpkg_spatial_ref_sys. Read through sql.js (SQLite compiled to WebAssembly: no native build),
 * which holds the file in memory while it is read.
 */
import fs from 'node:fs/promises';
import initSqlJs from 'sql.js';
import type { ByteProgress, SourceFeature } from './contours.js';
import { reprojectorFromWkt } from './reprojection.js';
import { parseGeoPackageGeometry } from './wkb.js';

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

export async function* readGeoPackageFeatures(file: string, onBytes?: ByteProgress): AsyncGenerator<SourceFeature> {
  const SQL = await initSqlJs();
  const bytes = await fs.readFile(file);
  const database = new SQL.Database(bytes);
  try {
    const tables = database.exec(`
      SELECT c.table_name, g.column_name, s.definition
      FROM gpkg_contents c
      JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
      LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id
      WHERE c.data_type = 'features'`)[0]?.values ?? [];
    const list = tables as [string, string, string | null][];
    // Progress in rows read, expressed as bytes of the file for the caller's bar.
    const total = Math.max(1, list.reduce((sum, [table]) => sum + Number(database.exec(`SELECT count(*) FROM ${quote(table)}`)[0]?.values[0]?.[0] ?? 0), 0));
    let rows = 0;
    for (const [table, geometryColumn, definition] of list) {
      const reproject = reprojectorFromWkt(definition ?? undefined);
      const statement = database.prepare(`SELECT * FROM ${quote(table)}`);
      try {
        while (statement.step()) {
          const row = statement.getAsObject();
          const blob = row[geometryColumn] as Uint8Array | null;
          const properties: Record<string, unknown> = { ...row };
          delete properties[geometryColumn];
          const geometry = blob ? parseGeoPackageGeometry(blob) : null;
          rows += 1;
          if (onBytes && rows % 500 === 0) onBytes(Math.round((bytes.length * rows) / total));
          yield { properties, geometry: geometry ? reproject(geometry) : null };
        }
      } finally {
        statement.free();
      }
    }
    onBytes?.(bytes.length);
  } finally {
    database.close();
  }
}
