/** Registers the territorial routes: units (kinds, search, unions, tiles), census figures, divisions and their boundaries. */
import type { RouteModule } from '../routes.js';
import { MapStore } from '../maps/map-store.js';
import { downloadsOf } from '../downloads/downloads.module.js';
import { analysisPlugin } from './analysis.routes.js';
import { boundariesPlugin } from './boundaries.routes.js';
import { territoryAppKeyPlugin } from './territory-app-key.routes.js';
import { unitsPlugin } from './units.routes.js';

export const territoriesRoutes: RouteModule = async (api, ctx) => {
  const { territories } = ctx;
  await api.register(unitsPlugin, { data: territories.data, tiles: territories.tiles, countries: ctx.countries, unions: territories.unions });
  const store = new MapStore(ctx.database.db);
  await api.register(territoryAppKeyPlugin, {
    appKeys: ctx.appKeys, data: territories.data, tiles: territories.tiles, compute: ctx.compute, census: { store, plans: ctx.plans, measures: territories.measures },
  });
  await api.register(analysisPlugin, {
    store, measures: territories.measures, divisions: territories.divisions, compute: ctx.compute, plans: ctx.plans, downloads: downloadsOf(ctx, (message, error) => api.log.error({ err: error }, message)),
  });
  await api.register(boundariesPlugin, { store, divisions: territories.divisions, compute: ctx.compute, plans: ctx.plans });
};
