/**
 * Uploaded files of own data (SPEC §7 Data files, apps/api/src/datasets/files): the upload with its
 * progress, a page of the file as the server read it (the import wizard's preview), its deletion,
 * and its import as a dataset.
 */
import type { ClientDatasetView, DataFilePreview, DataFileView, ImportDataFileBody } from '@catchment/domain';
import { apiRequest, apiUpload, type UploadOptions } from './client.js';

export type { DataFilePreview, DataFileView, ImportDataFileBody, RenamedColumnView } from '@catchment/domain';

const base = (clientId: number) => `/Clients/${clientId}/dataFiles`;

/** POST …/dataFiles (multipart field `file`): the file as read (columns, renamed headers, rows). */
export function uploadDataFile(clientId: number, file: File, options: UploadOptions = {}): Promise<DataFileView> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<DataFileView>(base(clientId), form, options);
}

export const fetchDataFilePreview = (clientId: number, fileId: string, offset: number, limit: number, signal?: AbortSignal) =>
  apiRequest<DataFilePreview>('GET', `${base(clientId)}/${fileId}?offset=${offset}&limit=${limit}`, undefined, { signal });

export const deleteDataFile = (clientId: number, fileId: string) => apiRequest<void>('DELETE', `${base(clientId)}/${fileId}`);

/** The import: the dataset, ready (201) or still importing (202, its progress then comes over the real-time channel). */
export const importDataFile = (clientId: number, fileId: string, body: ImportDataFileBody) =>
  apiRequest<ClientDatasetView>('POST', `${base(clientId)}/${fileId}/import`, body);
