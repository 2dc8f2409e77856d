/** The file of a map's areas in the format asked for (GET /v2/maps/{id}/export): its bytes, type and name. */
import { translate, type DistanceUnit, type Locale, type MapDocument, type MapExportFormat } from '@catchment/domain';
import { fileNameFrom } from '../../http/attachment.js';
import { geoJsonExport, GEOJSON_TYPE } from './geojson-export.js';
import { kmlDocument, KML_TYPE } from './kml-document.js';

export interface MapExportRequest { format: MapExportFormat; unit: DistanceUnit; locale: Locale }

export interface ExportedFile { body: string; contentType: string; filename: string }

export function mapExportFile(map: MapDocument, { format, unit, locale }: MapExportRequest): ExportedFile {
  const filename = fileNameFrom(map.title, format, translate(locale, 'maps.defaultTitle'));
  if (format === 'geojson') return { body: JSON.stringify(geoJsonExport(map)), contentType: GEOJSON_TYPE, filename };
  return { body: kmlDocument(map, { locale, unit }), contentType: KML_TYPE, filename };
}
