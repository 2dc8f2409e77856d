/** Own data (SPEC §7 Data files, Datasets, Map datasets): uploads now; datasets and their use in maps add their plugins here. */
import path from 'node:path';
import type { RouteModule } from '../routes.js';
import { DataFileStore } from './files/data-file-store.js';
import { dataFilesPlugin } from './files/data-files.routes.js';
import { DataFilesRepository } from './files/data-files.repository.js';
import { DataFilesService } from './files/data-files.service.js';

export const datasetsRoutes: RouteModule = async (api, ctx) => {
  const store = new DataFileStore(path.join(ctx.config.dataDir, 'uploads'));
  const repository = new DataFilesRepository(ctx.database.db);
  await api.register(dataFilesPlugin, {
    dataFiles: (isSizeLimitError) => new DataFilesService(repository, store, ctx.plans, (source, target, locale) => ctx.compute.readTable(source, target, locale), isSizeLimitError),
  });
};
