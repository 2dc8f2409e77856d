/**
 * Report images (SPEC §7 assets): POST /Clients/{id}/assets (multipart, field `file`: a JPEG or PNG
 * of at most 5 MB, listed by its file name), GET the list (newest first, no bytes), GET one's bytes,
 * DELETE /Clients/{id}/assets {assets: [ids]} (bulk, all or none). Only the account itself calls
 * them (403 for another account's id); another account's image is a 404 like an unknown one.
 * Routes only translate HTTP; the rules are the service's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { ASSET_MAX_BYTES, assetParams, clientIdParam, deleteAssetsBody, DomainError, type AssetSummary, type DeletedAssets } from '@catchment/domain';
import { requireOwnAccount } from '../auth/session.plugin.js';
import { ClientGoneError } from '../http/client-gone.js';
import type { RouteModule } from '../routes.js';
import { assetsOf, assetTooLarge, type AssetsService } from './assets.service.js';

const tags = ['assets'];

/** A year: the bytes behind an image's id never change (a new upload is a new id). */
const IMMUTABLE_MAX_AGE_SECONDS = 365 * 86_400;

const assetsPlugin: FastifyPluginAsyncZod<{ assets: AssetsService }> = async (app, { assets }) => {
  // One file per request and nothing else of size: the limit is the file's, checked as it streams.
  await app.register(multipart, { limits: { fileSize: ASSET_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 } });
  const { InvalidMultipartContentTypeError, RequestFileTooLargeError } = app.multipartErrors;

  /** The request's `file` part; ASSET_MISSING when the body is not multipart or has no such part. */
  const fileOf = async (request: { file: () => Promise<MultipartFile | undefined> }): Promise<MultipartFile> => {
    let part: MultipartFile | undefined;
    try {
      part = await request.file();
    } catch (error) {
      if (error instanceof InvalidMultipartContentTypeError) throw new DomainError('assetMissing');
      throw error;
    }
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw new DomainError('assetMissing');
    }
    return part;
  };

  app.post('/Clients/:id/assets', {
    schema: {
      tags, summary: 'Uploads a report image (multipart field `file`: JPEG or PNG, at most 5 MB), listed by its file name; 403 PLAN_REQUIRED without reports in the plan',
      params: clientIdParam, consumes: ['multipart/form-data'],
    },
  }, async (request, reply): Promise<AssetSummary> => {
    requireOwnAccount(request, request.params.id);
    // Refused before a byte of the file is read.
    await assets.requireUploadAllowed(request.params.id);
    const part = await fileOf(request);
    // The plugin only notes the limit and skips the rest of the part: stop at once instead.
    part.file.once('limit', () => part.file.destroy(new RequestFileTooLargeError()));
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch (error) {
      if (error instanceof RequestFileTooLargeError || part.file.truncated) {
        // The answer leaves now and the connection closes: the rest of the file is not read.
        reply.header('connection', 'close');
        throw assetTooLarge();
      }
      // The user cancelled the upload (or lost the connection): nobody waits for an answer.
      if (request.raw.destroyed) throw new ClientGoneError();
      throw error;
    }
    return reply.code(201).send(await assets.upload(request.params.id, part.filename, content));
  });

  app.get('/Clients/:id/assets', {
    schema: { tags, summary: "The account's report images, newest first: name, type, size in bytes and pixels (not their bytes)", params: clientIdParam },
  }, async (request): Promise<AssetSummary[]> => {
    requireOwnAccount(request, request.params.id);
    return assets.list(request.params.id);
  });

  app.get('/Clients/:id/assets/:assetId', {
    schema: { tags, summary: 'A report image: its bytes with its type; cached for good (an id always names the same bytes), ETag its SHA-256', params: assetParams },
  }, async (request, reply) => {
    requireOwnAccount(request, request.params.id);
    const asset = await assets.file(request.params.id, request.params.assetId);
    const etag = `"${asset.sha256}"`;
    // Private: only the account reads it.
    reply.header('cache-control', `private, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, immutable`);
    reply.header('etag', etag);
    reply.header('last-modified', asset.createdAt.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(asset.contentType).header('content-disposition', 'inline').send(asset.content);
  });

  app.delete('/Clients/:id/assets', {
    schema: {
      tags, summary: 'Deletes the images named, all or none: 404 ASSET_NOT_FOUND (details.assets) when one is not the account\'s, and nothing is deleted',
      params: clientIdParam, body: deleteAssetsBody,
    },
  }, async (request): Promise<DeletedAssets> => {
    requireOwnAccount(request, request.params.id);
    return assets.remove(request.params.id, request.body.assets);
  });
};

export const assetsRoutes: RouteModule = async (api, ctx) => {
  await api.register(assetsPlugin, { assets: assetsOf(ctx) });
};
