/**
 * Where the server has no road network for the place asked: the regions it does route in (the
 * operator's and the demo's), as buttons that take the map there, so that a new user can try a
 * travel-time area before anyone imports the roads of their own region.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { RoadNetwork } from '@catchment/domain';
import { fetchRoadNetworks } from '../api/isochrones.js';

export function RoadNetworkChoice({ onChoose }: { onChoose(region: RoadNetwork): void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Names come in the request's language: a language switch asks again.
  const regions = useQuery({
    queryKey: ['isochrones', 'regions', i18n.language],
    queryFn: ({ signal }) => fetchRoadNetworks(signal),
    staleTime: 60_000,
  });
  if (!regions.data || regions.data.length === 0) return null;
  return (
    <div className="road-network-choice" role="group" aria-labelledby={`${id}-title`} data-testid="road-network-choice">
      <p className="panel-note" id={`${id}-title`}>{t('createArea.roadNetworksLoaded')}</p>
      <ul className="road-network-list">
        {regions.data.map((region) => (
          <li key={region.id}>
            <button type="button" className="button button-small" onClick={() => onChoose(region)}
              aria-label={t('createArea.showRoadNetwork', { name: region.name })} data-testid="road-network-region" data-region={region.id}>
              {region.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A region's bounding box as the polygon the map adapter fits. */
export function bboxPolygon([west, south, east, north]: RoadNetwork['bbox']): GeoJSON.Polygon {
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] };
}
