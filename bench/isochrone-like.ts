/** Seeded shapes the benches measure on. */
import type { AreaGeometry } from '@catchment/domain';

const METRES_PER_DEGREE = 111_320;

/** A polygon like an isochrone: star-shaped around the centre, its radius varying smoothly with the bearing. */
export function isochroneLike(centre: [number, number], radiusM: number, random: () => number): AreaGeometry {
  const waves = Array.from({ length: 3 }, () => ({ frequency: 2 + Math.floor(random() * 6), phase: random() * 2 * Math.PI, weight: random() }));
  const totalWeight = waves.reduce((sum, wave) => sum + wave.weight, 0);
  const ring: [number, number][] = [];
  const points = 96;
  for (let i = 0; i < points; i++) {
    const bearing = (i / points) * 2 * Math.PI;
    const wave = waves.reduce((sum, { frequency, phase, weight }) => sum + weight * Math.sin(frequency * bearing + phase), 0) / totalWeight;
    const r = radiusM * (0.775 + 0.225 * wave);
    ring.push([
      Number((centre[0] + (r * Math.cos(bearing)) / (METRES_PER_DEGREE * Math.cos((centre[1] * Math.PI) / 180))).toFixed(7)),
      Number((centre[1] + (r * Math.sin(bearing)) / METRES_PER_DEGREE).toFixed(7)),
    ]);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}
