/**
 * The embedded view's map: the basemap, the areas in their colours with their names, zoom buttons,
 * framed on the areas from the start. It announces once its areas are drawn: the performance mark
 * MAP_DRAWN_MARK and data-drawn on its element (the benchmark and the browser tests wait on them).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Map as MaplibreMap, NavigationControl, type GeoJSONSource, type LngLatBoundsLike } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map/maplibre-setup.js';
import type { DisplayArea } from '../map/map-context.js';
import { areaFeatures, geometryBounds } from '../map/area-features.js';
import { addAreaLayers, AREAS_SOURCE_ID } from '../map/area-layers.js';
import { initialView } from '../map/initial-view.js';
import { useLocale } from '../i18n/index.js';
import { addAreaLabels } from './area-labels.js';
import { labelFadeMs } from '../map/label-fade.js';

export const MAP_DRAWN_MARK = 'catchment-map-drawn';

const FIT_PADDING_PX = 40;
const FIT_MAX_ZOOM = 14;

export function EmbeddedMap({ styleUrl, areas }: { styleUrl: string; areas: DisplayArea[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // Created once with what the map first shows; the embedded view does not change its map.
  const initial = useRef({ styleUrl, areas, locale, zoomIn: t('embed.zoomIn'), zoomOut: t('embed.zoomOut') });

  useEffect(() => {
    if (!container.current) return undefined;
    const { styleUrl, areas, locale, zoomIn, zoomOut } = initial.current;
    const bounds = geometryBounds({ type: 'GeometryCollection', geometries: areas.map((area) => area.geometry) });
    const view = initialView(locale);
    const map = new MaplibreMap({
      container: container.current,
      style: styleUrl,
      ...(bounds
        ? { bounds: bounds as LngLatBoundsLike, fitBoundsOptions: { padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM } }
        : { center: view.center, zoom: view.zoom }),
      attributionControl: { compact: true },
      dragRotate: false,
      pitchWithRotate: false,
      fadeDuration: labelFadeMs(),
      locale: { 'NavigationControl.ZoomIn': zoomIn, 'NavigationControl.ZoomOut': zoomOut },
    });
    map.touchZoomRotate.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    window.catchmentMap = map;
    map.once('load', () => {
      addAreaLayers(map);
      addAreaLabels(map, areas);
      (map.getSource(AREAS_SOURCE_ID) as GeoJSONSource).setData(areaFeatures(areas));
      map.once('idle', () => {
        performance.mark(MAP_DRAWN_MARK);
        setDrawn(true);
      });
    });
    return () => {
      if (window.catchmentMap === map) delete window.catchmentMap;
      map.remove();
    };
  }, []);

  return <div ref={container} className="embedded-map-canvas" data-testid="embedded-map" data-drawn={drawn || undefined} role="region" aria-label={t('map.mapRegion')} />;
}
