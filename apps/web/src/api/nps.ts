/**
 * The NPS survey (SPEC §9): GET /Clients/{id}/nps says whether it is to be shown now, POST stores
 * the answer (score null: "Not now"); 409 NPS_NOT_DUE once answered, in this tab or another.
 */
import type { NpsAnswerBody, NpsStatus } from '@catchment/domain';
import { apiRequest } from './client.js';

const npsPath = (clientId: number) => `/Clients/${clientId}/nps`;

export function getNpsStatus(clientId: number, signal?: AbortSignal): Promise<NpsStatus> {
  return apiRequest<NpsStatus>('GET', npsPath(clientId), undefined, signal ? { signal } : {});
}

export function answerNps(clientId: number, body: NpsAnswerBody): Promise<void> {
  return apiRequest<void>('POST', npsPath(clientId), body);
}
