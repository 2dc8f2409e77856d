/**
 * The map adapter: the only way the rest of the app acts on the map. MapLibre and terra-draw stay
 * behind it (src/map/), so panels and the editor speak in areas and geometries, never in layers.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { DatasetLayer, DatasetPoint, SearchLayer, SearchPoint } from './point-layers.js';
import type { UnitLayer } from './unit-layers.js';
import type { HeatmapLayer } from './heatmap-layers.js';
import type { ReachabilityLayer } from './reachability-layers.js';
import type { RouteDisplay } from './route-layers.js';

export type { DatasetLayer, DatasetPoint, HeatmapLayer, ReachabilityLayer, RouteDisplay, SearchLayer, SearchPoint, UnitLayer };

/** An area as the map draws it. Hidden areas are not drawn. */
export interface DisplayArea {
  uuid: string;
  label: string;
  color: string;
  hide: boolean;
  selected: boolean;
  geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon;
}

export interface MapAdapter {
  /** Replaces the areas drawn on the map. */
  showAreas(areas: DisplayArea[]): void;
  /** Calls the handler when an area is clicked (additive: Shift/Ctrl/Cmd held); returns the unsubscribe. */
  onAreaClick(handler: (uuid: string, additive: boolean) => void): () => void;
  /** The next map click as [lng, lat] (crosshair cursor); Escape gives null. `hintKey`: what the map's hint says meanwhile, when not the usual. */
  pickPoint(hintKey?: string): Promise<[number, number] | null>;
  /** Lets the user draw a polygon (finish on the closing click, a double click or Enter); Escape gives null. */
  drawPolygon(): Promise<GeoJSON.Polygon | null>;
  /**
   * Lets the user reshape an area's outline (drag vertices, add one from a midpoint, right-click to
   * remove one); the area itself is not drawn meanwhile. Enter or finishInteraction() gives the new
   * outline once it is valid; Escape or cancelInteraction() gives null.
   */
  editShape(target: ShapeEditTarget): Promise<GeoJSON.Polygon | null>;
  /** Saves what the user is doing on the map, when it can be saved (the hint's Save button). */
  finishInteraction(): void;
  /** Ends what the user is doing on the map without saving it (cancel buttons). */
  cancelInteraction(): void;
  /** Calls the handler when an area is double-clicked (the map does not zoom then); returns the unsubscribe. */
  onAreaDoubleClick(handler: (uuid: string) => void): () => void;
  /** A marker the user drags to move a centre (null removes it); onMove gets the new centre when dropped. */
  showCentreHandle(handle: CentreHandle | null): void;
  /** The way to a checked point (the road, the start and the point marked) above the areas; null removes it. */
  showRoute(route: RouteDisplay | null): void;
  /** A dashed temporary shape (merge/subtract previews); null removes it. */
  showPreview(geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon | null): void;
  fitTo(geometry: GeoJSON.Geometry, options?: { maxZoom?: number }): void;
  /** Draws a kind of territorial unit (outlines, selection, labels) for the administrative mode; null removes them. */
  showUnits(layer: UnitLayer | null): void;
  /** Draws a heatmap (units coloured by class) under the labels, the unit outlines and the areas; null removes it. */
  showHeatmap(layer: HeatmapLayer | null): void;
  /** Draws the "where to open" layer's cells in their class colours (one outlined), under the labels and the areas; null removes it. */
  showReachability(layer: ReachabilityLayer | null): void;
  /** Calls the handler when a unit of the shown kind is clicked; returns the unsubscribe. */
  onUnitClick(handler: (unit: { code: string; name: string }) => void): () => void;
  /** Draws the points of business searches in their colours (clusters with counts at low zooms), the first on top; [] removes them. */
  showSearches(searches: SearchLayer[]): void;
  /** Calls the handler when a business point is clicked (a cluster zooms in instead); returns the unsubscribe. */
  onSearchPointClick(handler: (point: SearchPoint) => void): () => void;
  /** Draws the rows of the user's datasets in their colours (clusters with counts at low zooms) above the searches, the first on top; [] removes them. */
  showDatasets(datasets: DatasetLayer[]): void;
  /** Calls the handler when a row's point is clicked (a cluster zooms in instead); returns the unsubscribe. */
  onDatasetPointClick(handler: (point: DatasetPoint) => void): () => void;
  /** Rings one point in a colour (the business chosen in a list); null removes the ring. */
  highlightPoint(position: [number, number] | null, color?: string): void;
  /** Marks the starts of the area being made, numbered in order; [] removes them. */
  showStartPoints(starts: { center: [number, number]; label: string }[]): void;
  /** A popup anchored at a point showing the element (null closes it); onClose runs when the user closes it. */
  showPopup(popup: MapPopup | null): void;
  /** The centre of the current view, [lng, lat]. */
  viewCenter(): [number, number];
  /** The zoom of the current view. */
  viewZoom(): number;
  /** What the view shows, [west, south, east, north] in degrees. */
  viewBounds(): [number, number, number, number];
  /** Calls the handler each time the view stops moving (pan, zoom); returns the unsubscribe. */
  onViewChange(handler: () => void): () => void;
  /** Flies to a point; `covered` says how many pixels of each side panels cover, so that the point lands in the part left visible. */
  flyTo(center: [number, number], zoom?: number, covered?: CoveredSides): void;
}

export interface CoveredSides { top?: number; right?: number; bottom?: number; left?: number }

export interface MapPopup {
  position: [number, number];
  content: HTMLElement;
  onClose(): void;
}

export interface ShapeEditTarget {
  uuid: string;
  polygon: GeoJSON.Polygon;
  color: string;
  /** Catalogue key shown with the hint (e.g. that saving turns a circle into a polygon). */
  noticeKey: string | null;
}

export interface CentreHandle {
  center: [number, number];
  /** Accessible name of the marker. */
  label: string;
  onMove(center: [number, number]): void;
}

interface MapAdapterSlot {
  adapter: MapAdapter | null;
  setAdapter(adapter: MapAdapter | null): void;
}

const MapAdapterContext = createContext<MapAdapterSlot | null>(null);

/** Holds the adapter of the MapView rendered inside it, for every component of the map page. */
export function MapAdapterProvider({ children }: { children: ReactNode }) {
  const [adapter, setAdapter] = useState<MapAdapter | null>(null);
  const slot = useMemo(() => ({ adapter, setAdapter }), [adapter]);
  return <MapAdapterContext.Provider value={slot}>{children}</MapAdapterContext.Provider>;
}

/** The map adapter, or null until the map is ready (or outside a map page). */
export function useMapAdapter(): MapAdapter | null {
  return useContext(MapAdapterContext)?.adapter ?? null;
}

/** For MapView only: publishes its adapter once the map has loaded. */
export function useSetMapAdapter(): (adapter: MapAdapter | null) => void {
  const slot = useContext(MapAdapterContext);
  if (!slot) throw new Error('MapView must be rendered inside a MapAdapterProvider');
  return slot.setAdapter;
}
