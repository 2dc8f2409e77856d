/**
 * The starts of an area being made, as numbered markers: the user sees every point the area will
 * be reached from (or, for arrival, reached at) before asking for it.
 */
import { Marker, type Map as MaplibreMap } from 'maplibre-gl';

export interface StartMarker { center: [number, number]; label: string }

export class StartMarkers {
  private markers: Marker[] = [];

  constructor(private readonly map: MaplibreMap) {}

  /** Replaces the markers; [] removes them. */
  show(starts: StartMarker[]): void {
    this.dispose();
    this.markers = starts.map((start, index) => {
      const marker = new Marker({ color: '#2563eb' }).setLngLat(start.center).addTo(this.map);
      const element = marker.getElement();
      element.setAttribute('aria-label', start.label);
      element.title = `${index + 1}. ${start.label}`;
      element.dataset.testid = 'start-marker';
      return marker;
    });
  }

  dispose(): void {
    for (const marker of this.markers) marker.remove();
    this.markers = [];
  }
}
