/**
 * The organisation configuration and its logo (SPEC §7): GET and PATCH
 * /Clients/{id}/organization/configuration, POST …/setLogo {logo (base64), ext}, and the logo
 * itself, GET and DELETE …/organization/logo. A subscription's users read its owner's organisation
 * (billing's memberships say whose). Routes only translate HTTP; the rules are the service's.
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientIdParam, LOGO_MAX_BASE64_LENGTH, organizationConfiguration, organizationConfigurationBody, organizationLogoQuery, setLogoBody,
} from '@catchment/domain';
import { requireSession } from '../auth/session.plugin.js';
import type { AppContext } from '../context.js';
import type { RouteModule } from '../routes.js';
import { OrganizationRepository } from './organization.repository.js';
import { BillingRepository } from '../billing/billing.repository.js';
import { holderFromMembership, logoTooLarge, logoVersion, OrganizationService, requireOwnAccount } from './organization.service.js';

/**
 * The setLogo request's largest body: the base64 of a 5 MB file, plus room for a data: URL prefix,
 * line breaks every 76 characters (MIME-style base64) and the JSON around it.
 */
export const SET_LOGO_BODY_LIMIT = LOGO_MAX_BASE64_LENGTH + 256 * 1024;

/** A year: a logo URL names its version, so the bytes behind one never change. */
const IMMUTABLE_MAX_AGE_SECONDS = 365 * 86_400;

const organizationPlugin: FastifyPluginAsyncZod<{ service: OrganizationService }> = async (app, { service }) => {
  const path = '/Clients/:id/organization';

  app.get(`${path}/configuration`, {
    schema: {
      tags: ['organization'], summary: 'The organisation shown in reports: name, colours in force, contact line, website, logo (its URL)',
      params: clientIdParam, response: { 200: organizationConfiguration },
    },
  }, async (request) => service.configuration(requireSession(request), request.params.id));

  app.patch(`${path}/configuration`, {
    schema: {
      tags: ['organization'], summary: 'Changes the fields given (null or an empty text clears one; a null colour is the default again)',
      params: clientIdParam, body: organizationConfigurationBody, response: { 200: organizationConfiguration },
    },
  }, async (request) => service.update(requireSession(request), request.params.id, request.body));

  // The body is refused past its limit with the logo's own message, and a request that is not the
  // account's own is refused before its body is read (onRequest runs before the body is parsed).
  app.post(`${path}/setLogo`, {
    schema: {
      tags: ['organization'], summary: 'Sets the logo, replacing the previous one: a JPEG or PNG file of at most 5 MB, in base64',
      params: clientIdParam, body: setLogoBody, response: { 200: organizationConfiguration },
    },
    bodyLimit: SET_LOGO_BODY_LIMIT,
    onRequest: async (request: FastifyRequest) => {
      requireOwnAccount(requireSession(request), Number((request.params as { id?: string }).id));
    },
    errorHandler: (error: FastifyError) => {
      // Thrown again, the error goes to the API's error handler, which answers in the user's language.
      throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? logoTooLarge() : error;
    },
  }, async (request) => service.setLogo(requireSession(request), request.params.id, request.body));

  app.get(`${path}/logo`, {
    schema: {
      tags: ['organization'], summary: 'The logo file (PNG or JPEG); cached for good when `v` names the current version',
      params: clientIdParam, querystring: organizationLogoQuery,
    },
  }, async (request, reply) => {
    const logo = await service.logo(requireSession(request), request.params.id);
    const version = logoVersion(logo.sha256);
    const etag = `"${version}"`;
    // Private: only the account reads it. A URL naming the current version never changes; any other asks each time.
    reply.header('cache-control', request.query.v === version ? `private, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, immutable` : 'private, no-cache');
    reply.header('etag', etag);
    reply.header('last-modified', logo.updatedAt.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(logo.contentType).header('content-disposition', 'inline').send(logo.content);
  });

  app.delete(`${path}/logo`, {
    schema: { tags: ['organization'], summary: 'Removes the logo (done already when there is none)', params: clientIdParam },
  }, async (request, reply) => {
    await service.removeLogo(requireSession(request), request.params.id);
    return reply.code(204).send();
  });
};

/** The organisation service of a server (the routes here, and the reports that print the organisation). */
export function organizationServiceOf(ctx: AppContext): OrganizationService {
  const subscriptions = new BillingRepository(ctx.database.db);
  const holderOf = holderFromMembership((clientId) => subscriptions.findMembership(clientId));
  return new OrganizationService(new OrganizationRepository(ctx.database.db), holderOf);
}

export const organizationRoutes: RouteModule = async (api, ctx) => {
  await api.register(organizationPlugin, { service: organizationServiceOf(ctx) });
};
