/** What the routes read from a request for a write: who, which map and folder, based on which version. */
import type { FastifyRequest } from 'fastify';
import { requireClientId } from '../auth/session.plugin.js';
import { expectedVersion } from './map-access.js';
import { parseMapRef } from './map-ref.js';
import type { FolderWrite } from './folders.service.js';

/** The version a write is based on: body `version`, else the If-Match header. */
export function writeVersion(request: FastifyRequest, bodyVersion?: number): number | undefined {
  const ifMatch = request.headers['if-match'];
  return expectedVersion(bodyVersion, Array.isArray(ifMatch) ? ifMatch[0] : ifMatch);
}

/** A write to a folder of a map (401 without a session). */
export function folderWrite(request: FastifyRequest, params: { id: string; folderId: string }, bodyVersion?: number): FolderWrite {
  return {
    ref: parseMapRef(params.id),
    folderUuid: params.folderId,
    clientId: requireClientId(request),
    expectedVersion: writeVersion(request, bodyVersion),
  };
}

/**
 * onRequest hook of the maps plugins: every write needs a session, and says so (401) before the
 * body is even validated. Reads check access themselves (public maps are open to everybody).
 */
export async function requireSessionForWrites(request: FastifyRequest): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') requireClientId(request);
}
