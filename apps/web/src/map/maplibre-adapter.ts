/** MapAdapter over a loaded MapLibre map: the only code, with its helpers here, that knows MapLibre. */
import { Marker, Popup, type GeoJSONSource, type Map as MaplibreMap, type MapLayerMouseEvent, type MapMouseEvent, type PointLike } from 'maplibre-gl';
import type { PolygonGeometry } from '@catchment/domain';
import type { CentreHandle, CoveredSides, DisplayArea, MapAdapter, MapPopup, ShapeEditTarget } from './map-context.js';
import { areaFeatures, geometryBounds } from './area-features.js';
import { addAreaLayers, AREAS_FILL_LAYER_ID, AREAS_SOURCE_ID, emptyCollection, PREVIEW_SOURCE_ID } from './area-layers.js';
import { IDLE, type InteractionStore } from './interaction.js';
import { startPolygonDrawing, type PolygonDrawing } from './polygon-drawing.js';
import { startPointPicking, type PointPicking } from './point-picking.js';
import { PointHighlight, PointLayers, type DatasetLayer, type DatasetPoint, type PointFeature, type SearchLayer, type SearchPoint } from './point-layers.js';
import { HeatmapLayers, type HeatmapLayer } from './heatmap-layers.js';
import { ReachabilityLayers, type ReachabilityLayer } from './reachability-layers.js';
import { RouteLayers, type RouteDisplay } from './route-layers.js';
import { startShapeEditing, type ShapeEditing } from './shape-editing.js';
import { UnitLayers, UNITS_FILL_LAYER_ID, UNITS_POINT_LAYER_ID, type UnitLayer } from './unit-layers.js';
import { StartMarkers, type StartMarker } from './start-markers.js';

const FIT_PADDING_PX = 60;
const DEFAULT_FIT_MAX_ZOOM = 14;
/**
 * The click that finishes a polygon or picks a point reaches MapLibre's click handlers after the
 * interaction has ended; clicks this soon after belong to the interaction, not to area selection.
 */
const CLICK_AFTER_INTERACTION_MS = 400;

type AreaClickHandler = (uuid: string, additive: boolean) => void;
type AreaDoubleClickHandler = (uuid: string) => void;
type Interaction = PolygonDrawing | PointPicking | ShapeEditing;
type UnitClickHandler = (unit: { code: string; name: string }) => void;
type SearchPointClickHandler = (point: SearchPoint) => void;
type DatasetPointClickHandler = (point: DatasetPoint) => void;
/** Zoom levels a click on a cluster of points goes in by. */
const CLUSTER_CLICK_ZOOM_STEP = 2;
const HIGHLIGHT_COLOR = '#111827';
const UNIT_LAYER_IDS = [UNITS_FILL_LAYER_ID, UNITS_POINT_LAYER_ID];

export class MaplibreMapAdapter implements MapAdapter {
  private readonly clickHandlers = new Set<AreaClickHandler>();
  private readonly doubleClickHandlers = new Set<AreaDoubleClickHandler>();
  private readonly unitClickHandlers = new Set<UnitClickHandler>();
  private readonly searchPointClickHandlers = new Set<SearchPointClickHandler>();
  private readonly datasetPointClickHandlers = new Set<DatasetPointClickHandler>();
  private readonly units: UnitLayers;
  private readonly heatmap: HeatmapLayers;
  private readonly reachability: ReachabilityLayers;
  private readonly route: RouteLayers;
  private readonly searches: PointLayers;
  private readonly datasets: PointLayers;
  private readonly highlight: PointHighlight;
  private readonly startMarkers: StartMarkers;
  private popup: Popup | null = null;
  private interaction: Interaction | null = null;
  private interactionEndedAt = Number.NEGATIVE_INFINITY;
  private areas: DisplayArea[] = [];
  /** The area whose outline is being reshaped: terra-draw draws it meanwhile. */
  private reshaping: string | null = null;
  private centreMarker: Marker | null = null;
  private centreHandle: CentreHandle | null = null;

  constructor(private readonly map: MaplibreMap, private readonly interactionStore: InteractionStore) {
    addAreaLayers(map);
    this.units = new UnitLayers(map);
    this.heatmap = new HeatmapLayers(map);
    this.reachability = new ReachabilityLayers(map);
    this.route = new RouteLayers(map);
    this.searches = new PointLayers(map, 'catchment-search-');
    this.datasets = new PointLayers(map, 'catchment-dataset-');
    this.highlight = new PointHighlight(map);
    this.startMarkers = new StartMarkers(map);
    map.on('click', AREAS_FILL_LAYER_ID, this.handleAreaClick);
    map.on('click', this.handlePointClick);
    map.on('mousemove', this.handlePointHover);
    map.on('dblclick', AREAS_FILL_LAYER_ID, this.handleAreaDoubleClick);
    map.on('click', this.handleUnitClick);
    map.on('mouseenter', AREAS_FILL_LAYER_ID, this.handleAreaEnter);
    map.on('mouseleave', AREAS_FILL_LAYER_ID, this.handleAreaLeave);
  }

  /** Detaches from the map (the map itself is removed by its owner). */
  dispose(): void {
    this.interaction?.cancel();
    this.map.off('click', AREAS_FILL_LAYER_ID, this.handleAreaClick);
    this.map.off('dblclick', AREAS_FILL_LAYER_ID, this.handleAreaDoubleClick);
    this.centreMarker?.remove();
    this.startMarkers.dispose();
    this.map.off('mouseenter', AREAS_FILL_LAYER_ID, this.handleAreaEnter);
    this.map.off('mouseleave', AREAS_FILL_LAYER_ID, this.handleAreaLeave);
    this.map.off('click', this.handleUnitClick);
    this.map.off('click', this.handlePointClick);
    this.map.off('mousemove', this.handlePointHover);
    this.popup?.remove();
    this.heatmap.dispose();
    this.reachability.dispose();
    this.clickHandlers.clear();
    this.searchPointClickHandlers.clear();
    this.datasetPointClickHandlers.clear();
    this.doubleClickHandlers.clear();
    this.unitClickHandlers.clear();
  }

  showAreas(areas: DisplayArea[]): void {
    this.areas = areas;
    this.drawAreas();
  }

  private drawAreas(): void {
    const shown = this.reshaping ? this.areas.filter((area) => area.uuid !== this.reshaping) : this.areas;
    this.source(AREAS_SOURCE_ID)?.setData(areaFeatures(shown));
  }

  onAreaDoubleClick(handler: AreaDoubleClickHandler): () => void {
    this.doubleClickHandlers.add(handler);
    return () => { this.doubleClickHandlers.delete(handler); };
  }

  onAreaClick(handler: AreaClickHandler): () => void {
    this.clickHandlers.add(handler);
    return () => { this.clickHandlers.delete(handler); };
  }

  async pickPoint(hintKey?: string): Promise<[number, number] | null> {
    this.interaction?.cancel();
    const picking = startPointPicking(this.map);
    this.interaction = picking;
    this.interactionStore.set({ mode: 'pickPoint', errorKey: null, hintKey: hintKey ?? null });
    const point = await picking.result;
    this.endInteraction(picking);
    return point;
  }

  async drawPolygon(): Promise<GeoJSON.Polygon | null> {
    this.interaction?.cancel();
    const drawing = startPolygonDrawing(this.map, {
      onRefused: (reasonKey) => this.interactionStore.set({ mode: 'drawPolygon', errorKey: reasonKey }),
      onRestart: () => {
        if (this.interactionStore.get().errorKey) this.interactionStore.set({ mode: 'drawPolygon', errorKey: null });
      },
    });
    this.interaction = drawing;
    this.interactionStore.set({ mode: 'drawPolygon', errorKey: null });
    const polygon = await drawing.result;
    this.endInteraction(drawing);
    return polygon;
  }

  async editShape(target: ShapeEditTarget): Promise<GeoJSON.Polygon | null> {
    this.interaction?.cancel();
    const { noticeKey } = target;
    const editing = startShapeEditing(this.map, target.polygon as PolygonGeometry, target.color, {
      onRefused: (reasonKey) => this.interactionStore.set({ mode: 'editShape', errorKey: reasonKey, noticeKey }),
      onValid: () => {
        if (this.interactionStore.get().errorKey) this.interactionStore.set({ mode: 'editShape', errorKey: null, noticeKey });
      },
    });
    this.interaction = editing;
    this.reshaping = target.uuid;
    this.drawAreas();
    this.interactionStore.set({ mode: 'editShape', errorKey: null, noticeKey });
    const polygon = await editing.result;
    if (this.reshaping === target.uuid) {
      this.reshaping = null;
      this.drawAreas();
    }
    this.endInteraction(editing);
    return polygon;
  }

  finishInteraction(): void {
    const current = this.interaction;
    if (current && 'finish' in current) current.finish();
  }

  /** Ends what the user was doing on the map (the page's cancel buttons use it). */
  cancelInteraction(): void {
    this.interaction?.cancel();
  }

  showCentreHandle(handle: CentreHandle | null): void {
    this.centreHandle = handle;
    if (!handle) {
      this.centreMarker?.remove();
      this.centreMarker = null;
      return;
    }
    if (!this.centreMarker) {
      this.centreMarker = new Marker({ draggable: true, color: '#1f2937' }).setLngLat(handle.center).addTo(this.map);
      this.centreMarker.on('dragend', this.handleCentreDragEnd);
    } else {
      this.centreMarker.setLngLat(handle.center);
    }
    const element = this.centreMarker.getElement();
    element.setAttribute('aria-label', handle.label);
    element.title = handle.label;
    element.dataset.testid = 'centre-handle';
  }

  showRoute(route: RouteDisplay | null): void {
    this.route.show(route);
  }

  showPreview(geometry: GeoJSON.Polygon | GeoJSON.MultiPolygon | null): void {
    const data = emptyCollection();
    if (geometry) data.features.push({ type: 'Feature', properties: {}, geometry });
    this.source(PREVIEW_SOURCE_ID)?.setData(data);
  }

  showStartPoints(starts: StartMarker[]): void {
    this.startMarkers.show(starts);
  }

  fitTo(geometry: GeoJSON.Geometry, options: { maxZoom?: number } = {}): void {
    const bounds = geometryBounds(geometry);
    if (!bounds) return;
    this.map.fitBounds(bounds, { padding: FIT_PADDING_PX, maxZoom: options.maxZoom ?? DEFAULT_FIT_MAX_ZOOM, duration: 600 });
  }

  showUnits(layer: UnitLayer | null): void {
    this.units.show(layer);
  }

  showHeatmap(layer: HeatmapLayer | null): void {
    this.heatmap.show(layer);
  }

  showReachability(layer: ReachabilityLayer | null): void {
    this.reachability.show(layer);
  }

  onUnitClick(handler: UnitClickHandler): () => void {
    this.unitClickHandlers.add(handler);
    return () => { this.unitClickHandlers.delete(handler); };
  }

  showSearches(searches: SearchLayer[]): void {
    this.searches.show(searches.map(({ searchId, color, tilesUrl }) => ({ id: searchId, color, tilesUrl })));
    this.stackPoints();
  }

  onSearchPointClick(handler: SearchPointClickHandler): () => void {
    this.searchPointClickHandlers.add(handler);
    return () => { this.searchPointClickHandlers.delete(handler); };
  }

  showDatasets(datasets: DatasetLayer[]): void {
    this.datasets.show(datasets.map(({ datasetId, color, tilesUrl }) => ({ id: datasetId, color, tilesUrl })));
    this.stackPoints();
  }

  onDatasetPointClick(handler: DatasetPointClickHandler): () => void {
    this.datasetPointClickHandlers.add(handler);
    return () => { this.datasetPointClickHandlers.delete(handler); };
  }

  highlightPoint(position: [number, number] | null, color = HIGHLIGHT_COLOR): void {
    this.highlight.set(position, color);
    this.highlight.raise();
  }

  /** The points above the areas: the searches', then the user's own data over them, the ring above all. */
  private stackPoints(): void {
    this.searches.raise();
    this.datasets.raise();
    this.highlight.raise();
  }

  /** The point or group drawn at a pixel, the user's own data first (drawn on top), and whose it is. */
  private pointAt(point: PointLike): { list: 'datasets' | 'searches'; feature: PointFeature } | null {
    const dataset = this.datasets.featureAt(point);
    if (dataset) return { list: 'datasets', feature: dataset };
    const search = this.searches.featureAt(point);
    return search ? { list: 'searches', feature: search } : null;
  }

  showPopup(popup: MapPopup | null): void {
    const previous = this.popup;
    this.popup = null;
    // Removing the previous popup fires its close event: it is not the user closing the new one.
    previous?.remove();
    if (!popup) return;
    const shown = new Popup({ closeButton: true, closeOnClick: false, maxWidth: '320px', offset: 10, className: 'map-popup' })
      .setLngLat(popup.position).setDOMContent(popup.content).addTo(this.map);
    shown.on('close', () => {
      if (this.popup !== shown) return;
      this.popup = null;
      popup.onClose();
    });
    this.popup = shown;
  }

  viewCenter(): [number, number] {
    const { lng, lat } = this.map.getCenter();
    return [lng, lat];
  }

  viewZoom(): number {
    return this.map.getZoom();
  }

  viewBounds(): [number, number, number, number] {
    return this.map.getBounds().toArray().flat() as [number, number, number, number];
  }

  onViewChange(handler: () => void): () => void {
    this.map.on('moveend', handler);
    return () => { this.map.off('moveend', handler); };
  }

  flyTo(center: [number, number], zoom?: number, covered: CoveredSides = {}): void {
    // Half the covered width on each side moves the point to the middle of what is left in view.
    const offset: [number, number] = [((covered.left ?? 0) - (covered.right ?? 0)) / 2, ((covered.top ?? 0) - (covered.bottom ?? 0)) / 2];
    // Not `essential`: a user whose system asks for reduced motion gets a jump, not a flight.
    this.map.flyTo({ center, zoom: zoom ?? Math.max(this.map.getZoom(), 10), offset });
  }

  private endInteraction(interaction: Interaction): void {
    if (this.interaction !== interaction) return;
    this.interaction = null;
    this.interactionEndedAt = performance.now();
    this.interactionStore.set(IDLE);
  }

  private source(id: string): GeoJSONSource | undefined {
    return this.map.getSource<GeoJSONSource>(id);
  }

  /** Whether a click belongs to what the user is doing on the map (placing a point, drawing, picking units). */
  private clickTaken(): boolean {
    return this.interaction !== null || this.units.shown || performance.now() - this.interactionEndedAt < CLICK_AFTER_INTERACTION_MS;
  }

  private readonly handleAreaClick = (event: MapLayerMouseEvent) => {
    // While a point or a polygon is being placed, or units are being picked, clicks belong to that;
    // a business or a row of the user's data drawn over the area takes its click.
    if (this.clickTaken() || this.pointAt(event.point)) return;
    const uuid = event.features?.[0]?.properties?.uuid;
    if (typeof uuid !== 'string') return;
    const { shiftKey, ctrlKey, metaKey } = event.originalEvent;
    for (const handler of this.clickHandlers) handler(uuid, shiftKey || ctrlKey || metaKey);
  };

  private readonly handleAreaDoubleClick = (event: MapLayerMouseEvent) => {
    if (this.interaction || this.units.shown || this.doubleClickHandlers.size === 0) return;
    const uuid = event.features?.[0]?.properties?.uuid;
    if (typeof uuid !== 'string') return;
    // The double click edits the area: the map does not zoom in as well.
    event.preventDefault();
    for (const handler of this.doubleClickHandlers) handler(uuid);
  };

  private readonly handleCentreDragEnd = () => {
    const position = this.centreMarker?.getLngLat();
    if (position) this.centreHandle?.onMove([position.lng, position.lat]);
  };

  private readonly handleUnitClick = (event: MapMouseEvent) => {
    if (!this.units.shown || this.interaction) return;
    const layers = UNIT_LAYER_IDS.filter((id) => this.map.getLayer(id));
    // Points first: a commune known only by its position is a small target on top of outlines.
    const [feature] = this.map.queryRenderedFeatures(event.point, { layers: [...layers].reverse() });
    const code = feature?.properties?.code;
    if (typeof code !== 'string') return;
    const unit = { code, name: String(feature?.properties?.name ?? code) };
    for (const handler of this.unitClickHandlers) handler(unit);
  };

  private readonly handlePointClick = (event: MapMouseEvent) => {
    if (this.clickTaken()) return;
    const found = this.pointAt(event.point);
    if (!found) return;
    const { list, feature } = found;
    if (feature.kind === 'cluster') {
      this.map.easeTo({ center: feature.position, zoom: this.map.getZoom() + CLUSTER_CLICK_ZOOM_STEP });
      return;
    }
    const { sourceId, itemId, name, position } = feature;
    if (list === 'datasets') for (const handler of this.datasetPointClickHandlers) handler({ datasetId: sourceId, itemId, name, position });
    else for (const handler of this.searchPointClickHandlers) handler({ searchId: sourceId, itemId, name, position });
  };

  /** The pointer over a point or a group says it can be clicked (areas keep their own cursor). */
  private readonly handlePointHover = (event: MapMouseEvent) => {
    if (this.interaction) return;
    const over = this.pointAt(event.point) !== null;
    const canvas = this.map.getCanvasContainer();
    if (over) canvas.dataset.overPoint = 'true';
    else if (canvas.dataset.overPoint) delete canvas.dataset.overPoint;
    else return;
    const overArea = !over && this.map.getLayer(AREAS_FILL_LAYER_ID) && this.map.queryRenderedFeatures(event.point, { layers: [AREAS_FILL_LAYER_ID] }).length > 0;
    canvas.style.cursor = over || overArea ? 'pointer' : '';
  };

  private readonly handleAreaEnter = () => {
    if (!this.interaction) this.map.getCanvasContainer().style.cursor = 'pointer';
  };

  private readonly handleAreaLeave = () => {
    if (!this.interaction) this.map.getCanvasContainer().style.cursor = '';
  };
}
