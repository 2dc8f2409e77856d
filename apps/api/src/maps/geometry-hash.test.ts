import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MultiPolygonGeometry, PolygonGeometry } from '@catchment/domain';
import { canonicalGeometry, geometryHash } from './geometry-hash.js';

const square: PolygonGeometry = { type: 'Polygon', coordinates: [[[2, 48], [3, 48], [3, 49], [2, 49], [2, 48]]] };

describe('canonicalGeometry', () => {
  it('rounds coordinates to 7 decimals and drops foreign members', () => {
    const noisy = { type: 'Polygon', bbox: [0, 0, 1, 1], coordinates: [[[2.123456789, -0.00000001], [3, 48], [3, 49], [2.123456789, -0.00000001]]] } as PolygonGeometry;
    expect(canonicalGeometry(noisy)).toEqual({ type: 'Polygon', coordinates: [[[2.1234568, 0], [3, 48], [3, 49], [2.1234568, 0]]] });
    expect(JSON.stringify(canonicalGeometry(noisy))).not.toContain('bbox');
  });
  it('is idempotent', () => {
    const once = canonicalGeometry({ type: 'Polygon', coordinates: [[[0.12345678, 1.98765432], [1, 0], [1, 1], [0.12345678, 1.98765432]]] });
    expect(canonicalGeometry(once)).toEqual(once);
  });
});

describe('geometryHash', () => {
  it('is the SHA-256 hex of the canonical GeoJSON text', () => {
    const text = '{"type":"Polygon","coordinates":[[[2,48],[3,48],[3,49],[2,49],[2,48]]]}';
    expect(geometryHash(square)).toBe(createHash('sha256').update(text).digest('hex'));
    expect(geometryHash(square)).toMatch(/^[0-9a-f]{64}$/);
  });
  it('ignores differences below the 7th decimal and sees those above it', () => {
    const jitter = (d: number): PolygonGeometry => ({ type: 'Polygon', coordinates: [[[2 + d, 48], [3, 48], [3, 49], [2, 49], [2 + d, 48]]] });
    expect(geometryHash(jitter(0.00000001))).toBe(geometryHash(square));
    expect(geometryHash(jitter(0.000001))).not.toBe(geometryHash(square));
  });
  it('tells a Polygon from the MultiPolygon of the same rings', () => {
    const multi: MultiPolygonGeometry = { type: 'MultiPolygon', coordinates: [square.coordinates] };
    expect(geometryHash(multi)).not.toBe(geometryHash(square));
  });
});
