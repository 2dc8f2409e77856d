/**
 * The heatmap's colours: one sequential ramp, light for low values and dark for high ones, so that
 * the classes read in order on any basemap and in grey print. Its anchors are ColorBrewer's YlOrRd
 * (9 classes); n colours are picked evenly along it, interpolated between anchors, so that 3 to 9
 * classes all span the whole ramp.
 */
export const HEATMAP_RAMP: readonly string[] = ['#ffffcc', '#ffeda0', '#fed976', '#feb24c', '#fd8d3c', '#fc4e2a', '#e31a1c', '#bd0026', '#800026'];

/** Units without a value (no data for the measure, no surface for a density): drawn apart from every class. */
export const HEATMAP_NO_DATA_COLOR = '#bdbdbd';

/** n colours (hex, #rrggbb) from the lightest to the darkest; one class gets the ramp's middle. */
export function heatmapColors(classes: number, ramp: readonly string[] = HEATMAP_RAMP): string[] {
  const n = Math.max(0, Math.floor(classes));
  if (n === 0) return [];
  if (n === 1) return [colorAt(ramp, 0.5)];
  return Array.from({ length: n }, (_, i) => colorAt(ramp, i / (n - 1)));
}

/** The ramp's colour at t (0 to 1), between its two nearest anchors. */
function colorAt(ramp: readonly string[], t: number): string {
  const position = t * (ramp.length - 1);
  const low = Math.floor(position);
  const high = Math.min(low + 1, ramp.length - 1);
  const share = position - low;
  const [a, b] = [rgb(ramp[low]!), rgb(ramp[high]!)];
  return hex(a.map((channel, i) => channel + (b[i]! - channel) * share));
}

function rgb(color: string): number[] {
  return [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16));
}

function hex(channels: number[]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}
