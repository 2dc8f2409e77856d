/** Own data: uploaded files (SPEC §7 Data files), what the upload and the preview answer. */
import { z } from 'zod';
import { clientIdParam } from './auth.js';
import { uuid } from './common.js';

export const dataFileParams = clientIdParam.extend({ fileId: uuid });

/** At most this many rows in one page of a file's preview. */
export const DATA_FILE_PAGE_MAX = 200;
export const dataFileRowsQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(DATA_FILE_PAGE_MAX).default(20),
});

/** A header that was empty or repeated, and the name its column was given. */
export interface RenamedColumnView { position: number; original: string; name: string }

/** An uploaded file as read: POST /Clients/{id}/dataFiles answers it (201). */
export interface DataFileView {
  id: string;
  filename: string;
  format: 'csv' | 'xlsx';
  /** CSV only: the encoding and delimiter detected. */
  encoding: string | null;
  delimiter: string | null;
  columns: string[];
  renamedColumns: RenamedColumnView[];
  /** Rows under the header. */
  rowCount: number;
  sizeBytes: number;
  createdAt: string;
}

/** GET /Clients/{id}/dataFiles/{fileId}?limit&offset: the file and a page of its rows, each as long as the columns. */
export interface DataFilePreview extends DataFileView { rows: string[][]; offset: number }
