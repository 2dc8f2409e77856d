/** A map's heatmap settings, kept in this browser's localStorage per map (a visitor's map under one key) so they are there when the map is opened again. */
import { useCallback, useEffect, useState } from 'react';
import { parseHeatmapSettings, type HeatmapSettings } from './heatmap-settings.js';

const storageKey = (mapId: string | null) => `catchment.heatmap.${mapId ?? 'visitor'}`;

function read(mapId: string | null): HeatmapSettings {
  try {
    const text = window.localStorage.getItem(storageKey(mapId));
    return parseHeatmapSettings(text ? JSON.parse(text) : null);
  } catch {
    // Storage refused (private browsing) or a damaged entry: the defaults.
    return parseHeatmapSettings(null);
  }
}

export function useHeatmapSettings(mapId: string | null): [HeatmapSettings, (change: Partial<HeatmapSettings>) => void] {
  const [settings, setSettings] = useState(() => read(mapId));
  // Another map opened in the same screen: its own settings.
  useEffect(() => setSettings(read(mapId)), [mapId]);
  const update = useCallback((change: Partial<HeatmapSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...change };
      try {
        window.localStorage.setItem(storageKey(mapId), JSON.stringify(next));
      } catch {
        // The choice then lasts for this page only.
      }
      return next;
    });
  }, [mapId]);
  return [settings, update];
}
