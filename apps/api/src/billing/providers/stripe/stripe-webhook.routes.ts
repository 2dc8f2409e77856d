/**
 * POST /api/billing/webhooks/stripe: Stripe's events. The signature covers the bytes Stripe sent,
 * so this route reads its body unparsed; a bad signature answers 400 WEBHOOK_REJECTED and changes
 * nothing. The events are applied in one transaction: if one fails, none is, and Stripe, seeing an
 * error, sends the event again later.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { BillingEvent, BillingProvider } from '../../billing-provider.js';

export function stripeWebhookRoutes(
  provider: Pick<BillingProvider, 'parseWebhook'>, applyEvents: (events: BillingEvent[]) => Promise<void>,
): FastifyPluginAsync {
  return async (api) => {
    // Within this plugin only: the other routes keep the JSON parser.
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    api.post('/billing/webhooks/stripe', { schema: { hide: true } }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await applyEvents(await provider.parseWebhook(body, request.headers));
      return { received: true };
    });
  };
}
