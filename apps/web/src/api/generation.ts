/** Automatic map generation (SPEC §7 POST /v2/maps/generate): start one, follow it. */
import type { GenerateMapBody, MapGenerationView } from '@catchment/domain';
import { apiRequest } from './client.js';

export type GenerateMapRequest = Omit<GenerateMapBody, 'colors'> & { colors?: GenerateMapBody['colors'] };

export const startGeneration = (body: GenerateMapRequest) => apiRequest<MapGenerationView>('POST', '/v2/maps/generate', body);

export const fetchGeneration = (id: string, signal?: AbortSignal) =>
  apiRequest<MapGenerationView>('GET', `/v2/maps/generate/${encodeURIComponent(id)}`, undefined, { signal });
