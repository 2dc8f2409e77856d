/** Registers the territorial routes (units, census, divisions) when territorial data is loaded. */
import type { RouteModule } from '../routes.js';
import { MapStore } from '../maps/map-store.js';
import { analysisPlugin } from './analysis.routes.js';
import { unitsPlugin } from './units.routes.js';

export const territoriesRoutes: RouteModule = async (api, ctx) => {
  const { territories, census, divisions, unitUnions } = ctx;
  if (!territories || !census || !divisions || !unitUnions) return;
  await api.register(unitsPlugin, { territories, countries: ctx.countries, unions: unitUnions });
  await api.register(analysisPlugin, { store: new MapStore(ctx.database.db), census, divisions });
};
