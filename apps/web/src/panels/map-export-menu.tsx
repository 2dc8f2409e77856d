/**
 * The layers panel's Export menu: the map's areas as a KML file (Google Earth) or a GeoJSON file
 * (GIS), downloaded from GET /v2/maps/{id}/export, with distances in the user's unit, or as a PNG
 * picture drawn by the server (GET /v2/maps/{id}/screenshot). Offered on any saved map the user can
 * read, read-only ones included; a visitor's local map has no export.
 */
import { useTranslation } from 'react-i18next';
import type { MapExportFormat } from '@catchment/domain';
import { downloadMapAreas, downloadMapPicture } from '../api/maps.js';
import { useDistanceUnit } from '../app/distance-unit.js';
import { useDownload } from '../app/use-download.js';
import { ItemMenu } from './item-menu.js';

export function MapExportMenu({ mapId }: { mapId: string }) {
  const { t } = useTranslation();
  const { unit } = useDistanceUnit();
  const { downloading, error, download } = useDownload(t('layers.exportError'));

  const entry = (format: MapExportFormat, label: string) => ({
    label, icon: 'download' as const, testId: `map-export-${format}`, disabled: downloading,
    onSelect: () => void download(() => downloadMapAreas(mapId, format, unit)),
  });
  return (
    <>
      <ItemMenu label={t('layers.exportMenu')} buttonText={downloading ? t('layers.exporting') : t('layers.export')} buttonIcon="download" testId="map-export"
        actions={[entry('kml', t('layers.exportKml')), entry('geojson', t('layers.exportGeoJson')), {
          label: t('layers.exportPicture'), icon: 'download' as const, testId: 'map-export-png', disabled: downloading,
          onSelect: () => void download(() => downloadMapPicture(mapId)),
        }]} />
      {error && <p className="form-error map-export-error" role="alert" data-testid="map-export-error">{error}</p>}
    </>
  );
}
