/** What the routes read from a request for a write: who, which map and folder, based on which version. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DomainError } from '@catchment/domain';
import { requireClientId } from '../auth/session.plugin.js';
import type { Database } from '../db/schema.js';
import { expectedVersion } from './map-access.js';
import { parseMapRef } from './map-ref.js';
import type { FolderWrite } from './folders.service.js';
import { MapsRepository } from './maps.repository.js';

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

/** An onRequest hook of write routes. */
export type WriteGuard = (request: FastifyRequest) => Promise<void>;

/**
 * onRequest hook of a map's writes, answered before the body is even validated. Without a session:
 * 403 on a public map (anybody reads it, only its owner and members write it: every write by a
 * non-member is refused alike), 401 anywhere else (a private or unknown map, or a route that names
 * no map), which sends a visitor to log in and tells nobody which private maps exist.
 */
export function anonymousWriteGuard(maps: Pick<MapsRepository, 'findByRef'>): WriteGuard {
  return async (request) => {
    if (request.session || request.method === 'GET' || request.method === 'HEAD') return;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string' && (await maps.findByRef(parseMapRef(id)))?.public) throw new DomainError('forbidden');
    throw new DomainError('unauthorized');
  };
}

/** The guard over a database handle, for the modules that keep a map's lists (searches, datasets, indicators). */
export const anonymousWriteGuardOver = (db: Kysely<Database>): WriteGuard => anonymousWriteGuard(new MapsRepository(db));

/** onRequest hook of a route that needs a session whatever the map (copying one): 401 before the body is validated. */
export async function requireSessionFirst(request: FastifyRequest): Promise<void> {
  requireClientId(request);
}
