/**
 * MapLibre 6 is ESM-only and finds its worker next to its own module file, which a bundle does not
 * keep: the worker is emitted as an asset of the build and its address given to MapLibre here.
 */
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

setWorkerUrl(workerUrl);
