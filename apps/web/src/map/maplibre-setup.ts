/**
 * MapLibre 6 is ESM-only and finds its worker next to its own module file, which a bundle does not
 * keep: the worker is emitted as an asset of the build and its address given to MapLibre here.
 */
import { setWorkerUrl, type Map as MaplibreMap, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

setWorkerUrl(workerUrl);

/**
 * Loads another basemap style (the same basemap labelled in another language) under what the app
 * drew on the map: the sources and layers the previous style did not have (areas, drawing, unit
 * outlines) are carried over on top of the new style, so switching languages keeps the map as it is.
 */
export function switchBasemapStyle(map: MaplibreMap, styleUrl: string, basemap: { sourceIds: ReadonlySet<string> }): void {
  map.setStyle(styleUrl, {
    diff: true,
    transformStyle: (previous, next) => {
      if (!previous) return next;
      const ownSources = Object.fromEntries(Object.entries(previous.sources).filter(([id]) => !basemap.sourceIds.has(id) && !(id in next.sources)));
      const ownLayers = previous.layers.filter((layer) => !('source' in layer) || !basemap.sourceIds.has(layer.source as string));
      const nextLayerIds = new Set(next.layers.map((layer) => layer.id));
      return {
        ...next,
        sources: { ...next.sources, ...ownSources },
        layers: [...next.layers, ...ownLayers.filter((layer) => layer.type !== 'background' && !nextLayerIds.has(layer.id))],
      } as StyleSpecification;
    },
  });
}
