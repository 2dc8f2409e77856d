/**
 * The map screen's frame, shared by / and /map/:accessId so the map itself stays in place when
 * another map is opened: the sidebar and overlays come from the child route (<Outlet/>), the map
 * and its adapter from here.
 */
import { Outlet } from 'react-router';
import { MapAdapterProvider } from '../map/map-context.js';
import { MapView } from '../map/map-view.js';

export function MapShell() {
  return (
    <MapAdapterProvider>
      <div className="workspace">
        <MapView />
        <Outlet />
      </div>
    </MapAdapterProvider>
  );
}
