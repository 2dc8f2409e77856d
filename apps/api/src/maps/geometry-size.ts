/**
 * preValidation hook of the area routes: a body with a geometry of more than MAX_AREA_VERTICES
 * points is refused before the request schema walks it. The schema says the same (so the OpenAPI
 * document and the web app know the limit), but walking 200,000 coordinate pairs through zod
 * costs the event loop about 80 ms, every other user's requests waiting meanwhile; counting them
 * costs a few.
 */
import type { FastifyRequest } from 'fastify';
import { GEOMETRY_REASONS, MAX_AREA_VERTICES, RequestValidationError } from '@catchment/domain';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Pairs of numbers under a value, counted without trusting its shape; stops once past `limit`. */
export function countPositions(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const current = stack.pop();
    if (isObject(current)) {
      stack.push(...Object.values(current));
    } else if (Array.isArray(current)) {
      if (current.length === 2 && typeof current[0] === 'number' && typeof current[1] === 'number') count += 1;
      else for (const child of current) if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return count;
}

export async function refuseOversizedGeometries(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  if (!isObject(body)) return;
  const geometries: { geometry: unknown; path: (string | number)[] }[] = [];
  if ('geometry' in body) geometries.push({ geometry: body.geometry, path: ['geometry'] });
  if (Array.isArray(body.areas)) {
    body.areas.forEach((area: unknown, i) => { if (isObject(area) && 'geometry' in area) geometries.push({ geometry: area.geometry, path: ['areas', i, 'geometry'] }); });
  }
  const oversized = geometries.filter(({ geometry }) => countPositions(geometry, MAX_AREA_VERTICES) > MAX_AREA_VERTICES);
  if (oversized.length === 0) return;
  throw new RequestValidationError(oversized.map(({ path }) => ({
    code: 'custom', input: undefined, path, message: GEOMETRY_REASONS.tooManyVertices, params: { max: MAX_AREA_VERTICES },
  })), 'body');
}
