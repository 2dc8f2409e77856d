/**
 * The download jobs of a server: one {@link Downloads} per context, built by whichever module asks
 * first (the downloads routes, or a feature registering its kind of file), so that they all share
 * its kinds.
 */
import path from 'node:path';
import type { AppContext } from '../context.js';
import { LocalDiskStorage, S3Storage, type DownloadStorage } from './download-storage.js';
import { DownloadsRepository } from './downloads.repository.js';
import { Downloads } from './downloads.service.js';

const byContext = new WeakMap<AppContext, Downloads>();

/** Where download files are kept by default (no DOWNLOADS_S3_URL): DATA_DIR/downloads. */
export const downloadsDirectory = (ctx: AppContext): string => path.join(ctx.config.dataDir, 'downloads');

export function downloadsOf(ctx: AppContext, log: (message: string, error: unknown) => void = (message, error) => console.error(message, error)): Downloads {
  let downloads = byContext.get(ctx);
  if (!downloads) {
    const storage: DownloadStorage = ctx.config.downloadsS3
      ? new S3Storage(ctx.config.downloadsS3)
      : new LocalDiskStorage(downloadsDirectory(ctx), (message) => log(message, undefined));
    downloads = new Downloads(new DownloadsRepository(ctx.database.db), storage, ctx.events, ctx.jobs, log);
    byContext.set(ctx, downloads);
  }
  return downloads;
}
