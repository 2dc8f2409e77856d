/**
 * Uploaded files (SPEC §7 Data files): POST /Clients/{id}/dataFiles (multipart, field `file`),
 * the file as read with a page of its rows (the import wizard's preview), and its deletion.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { clientIdParam, DATA_FILE_MAX_BYTES, DomainError, dataFileParams, dataFileRowsQuery, type DataFilePreview, type DataFileView } from '@catchment/domain';
import { requireOwnAccount } from '../../auth/session.plugin.js';
import { ClientGoneError } from '../../http/client-gone.js';
import { requestLocale } from '../../http/errors.js';
import type { DataFilesService, IsSizeLimitError } from './data-files.service.js';

const tags = ['datasets'];

export const dataFilesPlugin: FastifyPluginAsyncZod<{ dataFiles: (isSizeLimitError: IsSizeLimitError) => DataFilesService }> = async (app, options) => {
  // One file per request, a few small fields at most: the size limit is the file's, checked as it streams.
  await app.register(multipart, { limits: { fileSize: DATA_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
  // At the limit busboy marks the file's stream truncated; which error reaches the writer first
  // (the plugin's "too large", or the part ending early as the request is let go) varies.
  const dataFiles = options.dataFiles((error, stream) =>
    error instanceof app.multipartErrors.RequestFileTooLargeError || (stream as { truncated?: boolean }).truncated === true);

  app.post('/Clients/:id/dataFiles', {
    schema: { tags, summary: 'Uploads a CSV or XLSX file (multipart field `file`, at most 50 MB): its columns and rows as read', params: clientIdParam, consumes: ['multipart/form-data'] },
  }, async (request, reply): Promise<DataFileView> => {
    requireOwnAccount(request, request.params.id);
    const part = await fileOf(request, app.multipartErrors.InvalidMultipartContentTypeError);
    // The plugin only notes the limit and skips the rest of the part: stop at once instead.
    part.file.once('limit', () => part.file.destroy(new app.multipartErrors.RequestFileTooLargeError()));
    try {
      return reply.code(201).send(await dataFiles.upload(request.params.id, part.filename, part.file, requestLocale(request)));
    } catch (error) {
      // The answer leaves now and the connection closes: the rest of the file is not read.
      if (error instanceof DomainError && error.kind === 'dataFileTooLarge') reply.header('connection', 'close');
      // The user cancelled the upload (or lost the connection): nobody waits for an answer, nothing failed here.
      if (!(error instanceof DomainError) && request.raw.destroyed) throw new ClientGoneError();
      throw error;
    }
  });

  app.get('/Clients/:id/dataFiles/:fileId', {
    schema: { tags, summary: 'An uploaded file as read (columns, empty headers named, rows, format, encoding) and a page of its rows (offset, limit)', params: dataFileParams, querystring: dataFileRowsQuery },
  }, async (request): Promise<DataFilePreview> => {
    requireOwnAccount(request, request.params.id);
    return dataFiles.preview(request.params.id, request.params.fileId, request.query.offset, request.query.limit);
  });

  app.delete('/Clients/:id/dataFiles/:fileId', {
    schema: { tags, summary: 'Deletes an uploaded file', params: dataFileParams },
  }, async (request, reply) => {
    requireOwnAccount(request, request.params.id);
    await dataFiles.remove(request.params.id, request.params.fileId);
    return reply.code(204).send();
  });
};

/** The request's `file` part; DATA_FILE_MISSING when the body is not multipart or has no such part. */
async function fileOf(request: { file: () => Promise<import('@fastify/multipart').MultipartFile | undefined> }, notMultipart: new (...args: never[]) => Error) {
  let part: import('@fastify/multipart').MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    if (error instanceof notMultipart) throw new DomainError('dataFileMissing');
    throw error;
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw new DomainError('dataFileMissing');
  }
  return part;
}
