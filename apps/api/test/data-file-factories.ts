/** Uploads of data files as the app sends them (multipart, field `file`), for the own-data tests. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DataFileView } from '@catchment/domain';
import type { TestUser } from './harness.js';

export interface UploadOptions {
  /** The account in the path (default: the caller's). */
  clientId?: number;
  /** The multipart field (default `file`). */
  field?: string;
  lang?: string;
}

/** POST /Clients/{id}/dataFiles with the content as a file; `as` undefined sends no session. */
export function postDataFile(server: FastifyInstance, as: TestUser | undefined, content: Buffer | string, filename: string, options: UploadOptions = {}): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  return server.inject({
    method: 'POST', url: `/api/Clients/${options.clientId ?? as?.id ?? 1}/dataFiles`, payload: form,
    headers: { ...(as ? { cookie: as.cookie } : {}), ...(options.lang ? { 'accept-language': options.lang } : {}) },
  });
}

/** An upload that must succeed: the file as read. */
export async function uploadDataFile(server: FastifyInstance, as: TestUser, content: Buffer | string, filename: string): Promise<DataFileView> {
  const response = await postDataFile(server, as, content, filename);
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json();
}
