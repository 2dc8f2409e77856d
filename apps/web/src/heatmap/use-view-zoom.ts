/** The map's zoom, following the view as the user moves it (null until the map is ready). */
import { useEffect, useState } from 'react';
import type { MapAdapter } from '../map/map-context.js';

export function useViewZoom(adapter: MapAdapter | null): number | null {
  const [zoom, setZoom] = useState<number | null>(null);
  useEffect(() => {
    if (!adapter) return;
    setZoom(adapter.viewZoom());
    return adapter.onViewChange(() => setZoom(adapter.viewZoom()));
  }, [adapter]);
  return zoom;
}
