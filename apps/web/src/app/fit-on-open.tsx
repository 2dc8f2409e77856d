/** When a map is opened, frames its areas once the map is ready (later edits leave the view alone). */
import { useEffect, useRef } from 'react';
import { useEditor } from '../editor/index.js';
import { useMapAdapter } from '../map/map-context.js';

export function FitOnOpen({ mapKey }: { mapKey: string }) {
  const adapter = useMapAdapter();
  const { state } = useEditor();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!adapter || fitted.current === mapKey) return;
    fitted.current = mapKey;
    const geometries = state.folders.flatMap((folder) => folder.areas.filter((area) => !area.hide).map((area) => area.geometry));
    if (geometries.length === 0) return;
    adapter.fitTo({ type: 'GeometryCollection', geometries: geometries as GeoJSON.Geometry[] });
  }, [adapter, mapKey, state]);
  return null;
}
