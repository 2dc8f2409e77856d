/**
 * When a map is opened, frames its areas once the map is ready and they are known (later edits
 * leave the view alone, and so do the first areas drawn on an empty map).
 */
import { useEffect, useRef } from 'react';
import { useEditor } from '../editor/index.js';
import { useMapAdapter } from '../map/map-context.js';

export function FitOnOpen({ mapKey }: { mapKey: string }) {
  const adapter = useMapAdapter();
  const { state, canUndo, canRedo } = useEditor();
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!adapter || fitted.current === mapKey) return;
    const geometries = state.folders.flatMap((folder) => folder.areas.filter((area) => !area.hide).map((area) => area.geometry));
    // Nothing to frame yet: the map may be shown from the cache as it was before its last areas
    // were drawn, and its fresh copy arrives a moment later; frame that one.
    if (geometries.length === 0) return;
    fitted.current = mapKey;
    // Areas the user has just drawn on an empty map: the form that drew them framed them already,
    // and moving the view now would pull the map from under their next click.
    if (canUndo || canRedo) return;
    adapter.fitTo({ type: 'GeometryCollection', geometries: geometries as GeoJSON.Geometry[] });
  }, [adapter, mapKey, state, canUndo, canRedo]);
  return null;
}
