/**
 * The API of the local provider's test-mode payment page (/app/payment/{product}?checkout={id}):
 * what the page shows, and its pay button. Registered only when BILLING_PROVIDER=local.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutParams, checkoutView, confirmCheckoutBody, confirmCheckoutResponse, type CheckoutView } from '@catchment/domain';
import { requireClientId } from '../../../auth/session.plugin.js';
import type { LocalCheckout } from './local-checkouts.repository.js';
import type { LocalBillingProvider } from './local-provider.js';

const tags = ['billing'];

function toView(checkout: LocalCheckout): CheckoutView {
  return {
    id: checkout.id, kind: checkout.kind, product: checkout.product, period: checkout.period, licences: checkout.licences,
    pinPacks: checkout.pinPacks, currency: checkout.currency, lines: checkout.lines, subtotal: checkout.subtotal, tax: checkout.tax,
    total: checkout.total, taxRateBasisPoints: checkout.taxRateBasisPoints, status: checkout.status,
    expiresAt: checkout.expiresAt.toISOString(), testMode: true,
  };
}

export function localCheckoutRoutes(provider: LocalBillingProvider): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();

    app.get('/billing/checkouts/:checkoutId', {
      schema: {
        tags, summary: 'Test mode: the payment page\'s checkout (what is paid for, lines, amounts with tax); only its own user reads it',
        params: checkoutParams, response: { 200: checkoutView },
      },
    }, async (request) => toView(await provider.findCheckout(request.params.checkoutId, requireClientId(request))));

    app.post('/billing/checkouts/:checkoutId/confirm', {
      schema: {
        tags,
        summary: 'Test mode: pay the checkout (no money moves): the subscription, upgrade or invoice takes effect and a paid invoice is written; '
          + 'outcome "declined" plays a refused card (402, nothing changes)',
        params: checkoutParams, body: confirmCheckoutBody, response: { 200: confirmCheckoutResponse },
      },
    }, async (request) => {
      const { checkout } = await provider.confirm(request.params.checkoutId, requireClientId(request), request.body.outcome);
      return { status: 'paid' as const, redirect: `/app/paymentSuccess?product=${checkout.product}&checkout=${checkout.id}` };
    });
  };
}
