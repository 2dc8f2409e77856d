/**
 * The full-size map: MapLibre with the server's style, the area layers, and the adapter published
 * for the rest of the page once the style has loaded. window.catchmentMap is the MapLibre map
 * (browser tests wait on it).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Map as MaplibreMap, NavigationControl, ScaleControl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { fetchConfig, mapStyleUrl } from '../api/config.js';
import { queryKeys } from '../api/query-keys.js';
import { useDistanceUnit } from '../app/distance-unit.js';
import { useLocale } from '../i18n/index.js';
import { useMapAdapter, useSetMapAdapter } from './map-context.js';
import { switchBasemapStyle } from './maplibre-setup.js';
import { MaplibreMapAdapter } from './maplibre-adapter.js';
import { InteractionStore } from './interaction.js';
import { initialView } from './initial-view.js';
import { labelFadeMs } from './label-fade.js';

const HINT_KEYS = { drawPolygon: 'map.drawHint', pickPoint: 'map.pickHint', editShape: 'map.editShapeHint' } as const;

declare global {
  interface Window { catchmentMap?: MaplibreMap }
}

export function MapView() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { unit } = useDistanceUnit();
  const setAdapter = useSetMapAdapter();
  const adapter = useMapAdapter();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MaplibreMap | null>(null);
  const [interactionStore] = useState(() => new InteractionStore());
  const interaction = useSyncExternalStore(interactionStore.subscribe, interactionStore.get);
  const [scale] = useState(() => new ScaleControl({ maxWidth: 120 }));
  const config = useQuery({ queryKey: queryKeys.config, queryFn: ({ signal }) => fetchConfig(signal), staleTime: Infinity });
  const styleReady = config.isSuccess || config.isError;
  const styleUrl = styleReady ? mapStyleUrl(config.data, locale) : null;

  // The initial view depends on the language only when the map is created; a later change of
  // language restyles the map where it is (below), it does not create it again.
  const localeAtStart = useRef(locale);
  const styleUrlAtStart = useRef(styleUrl);
  styleUrlAtStart.current ??= styleUrl;
  const initialStyleUrl = styleUrlAtStart.current;
  /** The sources of the basemap style as first loaded: what the app adds later is carried over a restyle. */
  const basemapSources = useRef<Set<string>>(new Set());
  /** The style the map shows now (the one it was created with, then each language's). */
  const shownStyleUrl = useRef<string | null>(null);

  useEffect(() => {
    if (!container.current || !initialStyleUrl) return;
    const view = initialView(localeAtStart.current);
    shownStyleUrl.current = initialStyleUrl;
    const created = new MaplibreMap({
      container: container.current,
      style: initialStyleUrl,
      center: view.center,
      zoom: view.zoom,
      attributionControl: { compact: true },
      dragRotate: false,
      pitchWithRotate: false,
      fadeDuration: labelFadeMs(),
    });
    created.touchZoomRotate.disableRotation();
    created.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    window.catchmentMap = created;
    setMap(created);

    let adapter: MaplibreMapAdapter | null = null;
    created.once('load', () => {
      basemapSources.current = new Set(Object.keys(created.getStyle().sources));
      adapter = new MaplibreMapAdapter(created, interactionStore);
      setAdapter(adapter);
    });
    return () => {
      adapter?.dispose();
      setAdapter(null);
      setMap(null);
      if (window.catchmentMap === created) delete window.catchmentMap;
      created.remove();
    };
  }, [initialStyleUrl, interactionStore, setAdapter]);

  // Labels in the user's language: the basemap's style for the new language, the app's layers kept.
  useEffect(() => {
    if (!map || !styleUrl || styleUrl === shownStyleUrl.current) return;
    shownStyleUrl.current = styleUrl;
    switchBasemapStyle(map, styleUrl, { sourceIds: basemapSources.current });
  }, [map, styleUrl]);

  // The scale bar follows the distance unit of the header switch.
  useEffect(() => {
    if (!map) return;
    scale.setUnit(unit === 'mi' ? 'imperial' : 'metric');
    if (!map.hasControl(scale)) map.addControl(scale, 'bottom-right');
  }, [map, scale, unit]);

  const hintKey = interaction.mode === 'idle' ? null : interaction.hintKey ?? HINT_KEYS[interaction.mode];
  return (
    <div className="map-view">
      <div ref={container} className="map-canvas" data-testid="map" role="region" aria-label={t('map.mapRegion')} />
      {hintKey && (
        <div className="map-hint" role="status" data-testid="map-hint">
          <span>{t(hintKey)}</span>
          {interaction.noticeKey && <span className="map-hint-notice" data-testid="map-hint-notice">{t(interaction.noticeKey)}</span>}
          {interaction.errorKey && <strong className="map-hint-error" role="alert" data-testid="map-hint-error">{t(interaction.errorKey)}</strong>}
          {interaction.mode === 'editShape' && (
            <div className="map-hint-actions">
              <button type="button" className="button button-small button-primary" data-testid="shape-save" onClick={() => adapter?.finishInteraction()}>
                {t('map.saveShape')}
              </button>
              <button type="button" className="button button-small" data-testid="shape-cancel" onClick={() => adapter?.cancelInteraction()}>
                {t('app.cancel')}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
