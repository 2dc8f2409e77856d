/** The sync queue's way out: one API call with the map version it is based on. */
import { apiRequest } from '../api/client.js';
import type { SendCall } from './sync.js';

export const sendApiCall: SendCall = async (call, version) => {
  const body = call.versionIn === 'body' ? { ...call.body, version } : call.body;
  const headers = call.versionIn === 'header' ? { 'If-Match': String(version) } : undefined;
  const response = await apiRequest<{ version: number }>(call.method, call.path, body, { headers });
  return { version: response.version, body: response };
};
