/**
 * GET /v2/maps/{id}/areas/{areaId}/boundaries (SPEC §6 bulk administrative-boundary export,
 * ADVANCED): the boundaries of the units an area covers, of one kind (`kind`) or of every kind its
 * divisions list, as a GeoJSON or KML file (territories/boundaries-document.ts). Who may read the
 * map is checked first (404 otherwise), then the plan (403 PLAN_REQUIRED), then the kind (422 for a
 * kind the area's divisions do not list). A GET: it changes nothing, and a link can fetch it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boundariesQuery, DomainError, FEATURES, translate } from '@catchment/domain';
import { attachment, fileNameFrom } from '../http/attachment.js';
import { requestLocale } from '../http/errors.js';
import type { ComputePool } from '../compute/compute-pool.js';
import { GEOJSON_TYPE } from '../maps/export/geojson-export.js';
import { KML_TYPE } from '../maps/export/kml-document.js';
import { parseMapRef } from '../maps/map-ref.js';
import type { MapStore } from '../maps/map-store.js';
import type { PlanAccess } from '../plans/plan-access.js';
import type { DivisionsService } from './divisions.service.js';
import { readableAreas } from './map-areas.js';
import { areaParams } from './territories.schemas.js';

interface BoundariesOptions { store: MapStore; divisions: DivisionsService; compute: ComputePool; plans: PlanAccess }

export const boundariesPlugin: FastifyPluginAsyncZod<BoundariesOptions> = async (app, { store, divisions, compute, plans }) => {
  app.get('/v2/maps/:id/areas/:areaId/boundaries', {
    schema: {
      tags: ['analysis'], params: areaParams, querystring: boundariesQuery,
      summary: 'The boundaries of the cities, postcodes, IRIS… an area covers (one kind, or every kind its divisions list), as GeoJSON or KML; ADVANCED',
    },
  }, async (request, reply) => {
    const locale = requestLocale(request);
    const clientId = request.session?.clientId;
    const { kind, format, country } = request.query;
    const [area] = await readableAreas(store, parseMapRef(request.params.id), clientId, [request.params.areaId]);
    await plans.require(clientId, FEATURES.bulkBoundaryExport, FEATURES.divisions(country ?? 'ww'));
    const listed = await divisions.kindsOf(area!, country);
    if (kind && !listed.kinds.includes(kind)) throw new DomainError('boundaryKindUnavailable', { details: { kind } });
    const { kinds, units } = await divisions.coveredUnits(area!, country, kind ? [kind] : undefined);
    const areaLabel = area!.label || area!.uuid;
    const body = await compute.boundariesDocument({
      format, locale, areaLabel, color: area!.color, kinds, units: units.map(({ kind: unitKind, row, geometry }) => ({ kind: unitKind, row, geometry })),
    });
    const what = kind ? translate(locale, `unitKinds.${kind}`) : translate(locale, 'boundariesExport.boundaries');
    return reply.type(format === 'kml' ? KML_TYPE : GEOJSON_TYPE)
      .header('content-disposition', attachment(fileNameFrom(`${areaLabel} - ${what}`, format, 'boundaries')))
      .send(body);
  });
};
