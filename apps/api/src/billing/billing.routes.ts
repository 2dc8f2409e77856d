/**
 * HTTP routes of subscriptions and billing (SPEC §7, Clients calls), under /api. Every route is the
 * logged-in user's own (/Clients/{their id}/...); what the owner of a subscription may do and its
 * users may read is decided by the service. The configured provider adds its own routes (the
 * test-mode payment page, a webhook).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  additionalUserResponse, billingDetailsBody, billingDetailsResponse, cancelSubscriptionBody, clientIdParam, customerPortalResponse,
  invoicesResponse, payNowResponse, paymentBody, paymentParams, planChangeResponse, productsResponse, subscriberBody, subscribersResponse,
  subscriptionChangeBody, subscriptionResponse, subscriptionView,
} from '@catchment/domain';
import type { FastifyRequest } from 'fastify';
import { requireClientId } from '../auth/session.plugin.js';
import { requestLocale } from '../http/errors.js';
import type { RouteModule } from '../routes.js';
import { BillingService } from './billing.service.js';
import { openBillingProvider } from './providers/index.js';

const tags = ['billing'];
const subscriberTags = ['subscribers'];

const billingPlugin: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  /** The caller, who must be the client of the path. */
  const self = (request: FastifyRequest & { params: { id: number } }) => {
    const clientId = requireClientId(request);
    billing.requireSelf(clientId, request.params.id);
    return clientId;
  };

  app.get('/Clients/:id/products', {
    schema: {
      tags, summary: 'The plans on sale (plan comparison): monthly and yearly prices with and without tax in the currency of the subscription or of the request\'s language (EUR for fr, USD for en), extra user and pin pack prices, plan facts, badges and what choosing each does',
      params: clientIdParam, response: { 200: productsResponse },
    },
  }, async (request) => billing.products(self(request), requestLocale(request)));

  app.get('/Clients/:id/products/additional_user', {
    schema: {
      tags, summary: 'The price of one more user, per plan on sale and for the caller\'s subscription (with its licences and users)',
      params: clientIdParam, response: { 200: additionalUserResponse },
    },
  }, async (request) => billing.additionalUser(self(request), requestLocale(request)));

  app.post('/Clients/:id/payment/:product', {
    schema: {
      tags, summary: 'Subscribe to a plan: answers the payment page to send the user to (checkout.url); for a subscriber, the same as PUT /subscription. 422 PLAN_NOT_SOLD, 409 ALREADY_SUBSCRIBED for a user holding another\'s licence',
      params: paymentParams, body: paymentBody, response: { 200: planChangeResponse },
    },
  }, async (request) => billing.startPayment(self(request), request.params.product, request.body, requestLocale(request)));

  app.get('/Clients/:id/subscription', {
    schema: {
      tags, summary: 'The caller\'s subscription (own, or the one they hold a licence of; else their latest ended one; else null), with price, renewal, expiry, owner, licences, badges, pending and next change, alerts and actions',
      params: clientIdParam, response: { 200: subscriptionResponse },
    },
  }, async (request) => billing.subscription(self(request), requestLocale(request)));

  app.put('/Clients/:id/subscription', {
    schema: {
      tags, summary: 'Change plan, period, licences or pin packs (owner): an upgrade answers a payment page and stays pending until paid; a downgrade or change starts at the period\'s end (effectiveAt). 409 for a manual, past-due, cancelled or ended subscription or the same plan',
      params: clientIdParam, body: subscriptionChangeBody, response: { 200: planChangeResponse },
    },
  }, async (request) => billing.changePlan(self(request), request.body, requestLocale(request)));

  app.post('/Clients/:id/subscription/cancel', {
    schema: {
      tags, summary: 'Cancel at the period\'s end (owner); cancelFeedback is one of the cancel reasons, cancelComment optional',
      params: clientIdParam, body: cancelSubscriptionBody, response: { 200: subscriptionView },
    },
  }, async (request) => billing.cancel(self(request), request.body, requestLocale(request)));

  app.post('/Clients/:id/subscription/reactivate', {
    schema: { tags, summary: 'Take a cancellation back before the period ends (owner)', params: clientIdParam, response: { 200: subscriptionView } },
  }, async (request) => billing.reactivate(self(request), requestLocale(request)));

  app.post('/Clients/:id/subscription/pay', {
    schema: {
      tags, summary: 'Pay now (owner): a payment page for the invoice a failed renewal left open (409 NO_OPEN_INVOICE otherwise)',
      params: clientIdParam, response: { 200: payNowResponse },
    },
  }, async (request) => billing.payNow(self(request), requestLocale(request)));

  app.get('/Clients/:id/subscription/customer_portal', {
    schema: {
      tags, summary: 'Where the owner manages the payment method: the provider\'s customer portal (in test mode, our subscription page)',
      params: clientIdParam, response: { 200: customerPortalResponse },
    },
  }, async (request) => billing.customerPortal(self(request)));

  app.get('/Clients/:id/invoices', {
    schema: {
      tags, summary: 'Invoices of the subscriptions the caller owns or billed to them, newest first (status paid, uncollectible shown Unpaid, open shown Pending)',
      params: clientIdParam, response: { 200: invoicesResponse },
    },
  }, async (request) => billing.invoices(self(request)));

  app.get('/Clients/:id/subscribers', {
    schema: {
      tags: subscriberTags, summary: 'The users of the caller\'s subscription, the owner (admin) first, with the licences bought and used',
      params: clientIdParam, response: { 200: subscribersResponse },
    },
  }, async (request) => billing.subscribers(self(request)));

  app.post('/Clients/:id/subscribers', {
    schema: {
      tags: subscriberTags, summary: 'Give a licence to a registered user by e-mail (owner): 404 SUBSCRIBER_UNKNOWN, 409 SUBSCRIBER_HAS_LICENCE, 409 LICENCES_EXHAUSTED',
      params: clientIdParam, body: subscriberBody, response: { 201: subscribersResponse },
    },
  }, async (request, reply) => reply.code(201).send(await billing.addSubscriber(self(request), request.body.email)));

  app.delete('/Clients/:id/subscribers', {
    schema: {
      tags: subscriberTags, summary: 'Take a user\'s licence back by e-mail (owner); the user returns to the free plan. 409 OWNER_LICENCE for the owner',
      params: clientIdParam, body: subscriberBody, response: { 200: subscribersResponse },
    },
  }, async (request) => billing.removeSubscriber(self(request), request.body.email));

  app.post('/Clients/:id/subscribers/owner', {
    schema: {
      tags: subscriberTags, summary: 'Transfer the ownership to another user of the subscription (owner); the former owner keeps a licence without admin rights',
      params: clientIdParam, body: subscriberBody, response: { 200: subscribersResponse },
    },
  }, async (request) => billing.transferOwnership(self(request), request.body.email, requestLocale(request)));

  app.get('/Clients/:id/billing-details', {
    schema: {
      tags, summary: 'The billing address and VAT number (the profile\'s until saved: saved false) and the tax they give',
      params: clientIdParam, response: { 200: billingDetailsResponse },
    },
  }, async (request) => billing.billingDetails(self(request), requestLocale(request)));

  app.put('/Clients/:id/billing-details', {
    schema: {
      tags, summary: 'Save the billing address; the VAT number is optional and must have an EU format ("Invalid VAT number"); the country is an ISO code',
      params: clientIdParam, body: billingDetailsBody, response: { 200: billingDetailsResponse },
    },
  }, async (request) => billing.saveBillingDetails(self(request), request.body, requestLocale(request)));
};

export const billingRoutes: RouteModule = async (api, ctx) => {
  const provider = openBillingProvider(ctx.config, ctx.database.db);
  await api.register(billingPlugin, { billing: new BillingService(ctx.database.db, provider, ctx.config.publicUrl) });
  if (provider.routes) await api.register(provider.routes);
};
