/**
 * /iframe/:accessId — a public map alone, read-only, for other sites to frame (SPEC §2): the map,
 * a legend and a link to the app; no header, panels, session or live updates. Private maps are not
 * shown (a message instead): a frame on another site never carries the user's session.
 */
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { fetchConfig, mapStyleUrl } from '../api/config.js';
import { queryKeys } from '../api/query-keys.js';
import { useLocale } from '../i18n/index.js';
import { MapLoading } from '../app/map-status.js';
import { usePageTitle } from '../app/page-title.js';
import { EmbeddedLegend } from './embedded-legend.js';
import { EmbeddedMap } from './embedded-map.js';
import { EmbeddedMapMessage } from './embedded-map-message.js';
import { OpenInAppLink } from './open-in-app-link.js';
import { fetchPublicMap, publicMapKey, visibleAreas } from './public-map.js';
import './embedded-map.css';

export function EmbeddedMapPage() {
  const { accessId = '' } = useParams();
  const locale = useLocale();
  // Both at once: the map's style needs the server's settings, its view the areas.
  const config = useQuery({ queryKey: queryKeys.config, queryFn: ({ signal }) => fetchConfig(signal), staleTime: Infinity });
  const map = useQuery({ queryKey: publicMapKey(accessId), queryFn: ({ signal }) => fetchPublicMap(accessId, signal), staleTime: Infinity });
  usePageTitle('titles.map', map.data?.title);

  if (map.isError || (map.data && !map.data.public)) {
    return <div className="embedded-view"><EmbeddedMapMessage accessId={accessId} error={map.isError ? map.error : 'private'} /></div>;
  }
  // Without the settings (an error) the map still shows, on this server's own basemap.
  if (map.isPending || config.isPending) return <div className="embedded-view"><MapLoading /></div>;

  const areas = visibleAreas(map.data);
  return (
    <div className="embedded-view">
      <EmbeddedMap styleUrl={mapStyleUrl(config.data, locale)} areas={areas} />
      <EmbeddedLegend areas={areas} />
      <OpenInAppLink accessId={accessId} className="embedded-open-link embedded-open-link-corner" />
    </div>
  );
}
