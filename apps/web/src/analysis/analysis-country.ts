/** Which country's data the analysis panel shows: the selected area's, else the map view's. */
import { useQuery } from '@tanstack/react-query';
import type { AreaGeometry, Country } from '@catchment/domain';
import { countryAt } from '../api/territories.js';

/** The middle of an area's bounding box, rounded so that small edits do not ask again. */
export function areaCentre(geometry: AreaGeometry): [number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons) {
    for (const [x, y] of polygon[0] ?? []) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  return [round((minX + maxX) / 2), round((minY + maxY) / 2)];
}

export function useCountryAt(point: [number, number] | null): Country | undefined {
  const query = useQuery({
    queryKey: ['units', 'country-at', point?.[0], point?.[1]],
    queryFn: () => countryAt(point!),
    enabled: point !== null,
    staleTime: Infinity,
  });
  return query.data;
}
