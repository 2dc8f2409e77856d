/** The next click on the map as [lng, lat], with a crosshair cursor; Escape or cancel() gives null. */
import type { Map as MaplibreMap, MapMouseEvent } from 'maplibre-gl';

export interface PointPicking {
  result: Promise<[number, number] | null>;
  cancel(): void;
}

export function startPointPicking(map: MaplibreMap): PointPicking {
  const canvas = map.getCanvasContainer();
  const previousCursor = canvas.style.cursor;
  canvas.style.cursor = 'crosshair';

  let settle: (value: [number, number] | null) => void = () => {};
  const result = new Promise<[number, number] | null>((resolve) => { settle = resolve; });
  let done = false;

  const finish = (value: [number, number] | null) => {
    if (done) return;
    done = true;
    map.off('click', onClick);
    document.removeEventListener('keydown', onKeyDown, true);
    canvas.style.cursor = previousCursor;
    settle(value);
  };
  const onClick = (event: MapMouseEvent) => finish([event.lngLat.lng, event.lngLat.lat]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    finish(null);
  };
  map.on('click', onClick);
  document.addEventListener('keydown', onKeyDown, true);
  return { result, cancel: () => finish(null) };
}
