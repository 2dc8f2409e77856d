/**
 * A local HTTP server standing in for Stripe's API in tests: the Stripe SDK is pointed at it (its
 * host, port and protocol options), it records every request as the SDK encoded it, and answers
 * from the objects the test put in it (stripe-fixtures.ts), creating the few a request creates
 * (customers, Checkout and portal sessions, schedules, tax rates). It holds no business rules:
 * what Stripe would do after a payment, the test does, by putting the objects Stripe would then
 * hold and posting the webhook Stripe would send.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import {
  checkoutSession, customer, list, portalSession, schedulePhase, stripeId, subscriptionSchedule, taxId, taxRate, type Wire,
} from './stripe-fixtures.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Query (GET, DELETE) or form body (POST) as flat keys, as Stripe's form encoding writes them: `line_items[0][price]`. */
  params: Record<string, string>;
}

type Answer = { status?: number; body: unknown };
type Handler = (request: RecordedRequest, match: RegExpMatchArray) => Answer | undefined;

interface StoredObject { id: string; object: string; [key: string]: unknown }

function missing(path: string): Answer {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: ${path}` } } };
}

/** The values of a repeated key (`lookup_keys[0]`, `lookup_keys[1]`, …). */
export function listParam(params: Record<string, string>, name: string): string[] {
  return Object.entries(params).filter(([key]) => key === name || key.startsWith(`${name}[`)).map(([, value]) => value);
}

export class FakeStripeServer {
  readonly requests: RecordedRequest[] = [];
  private readonly objects = new Map<string, StoredObject>();
  private readonly overrides: { method: string; pattern: RegExp; handler: Handler }[] = [];
  private server: http.Server | undefined;

  /** Starts listening; answers the SDK options that point it here. */
  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = http.createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, protocol: 'http' };
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server?.close((error) => (error ? reject(error) : resolve())) ?? resolve());
  }

  /** Puts objects in the account (or replaces them, by id); answers the first. */
  put<T extends { id?: string | null }>(...objects: T[]): T {
    for (const object of objects) this.objects.set(object.id!, object as unknown as StoredObject);
    return objects[0]!;
  }

  get<T>(id: string): T {
    const object = this.objects.get(id);
    if (!object) throw new Error(`no Stripe object ${id}`);
    return object as unknown as T;
  }

  /** The stored objects of a type (`customer`, `tax_rate`, …) that satisfy `predicate`. */
  find<T>(object: string, predicate: (candidate: T) => boolean = () => true): T[] {
    return (this.all(object) as unknown as T[]).filter(predicate);
  }

  /** Answers `method` requests whose path matches with `handler` (undefined: the default answer). */
  on(method: string, pattern: RegExp, handler: Handler): void {
    this.overrides.unshift({ method, pattern, handler });
  }

  /** The requests made to `method` paths matching `pattern`. */
  requestsTo(method: string, pattern: RegExp): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && pattern.test(request.path));
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const encoded = req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1);
    const request: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, params: Object.fromEntries(new URLSearchParams(encoded)) };
    this.requests.push(request);
    let answer: Answer | undefined;
    for (const override of this.overrides) {
      const match = override.method === request.method ? request.path.match(override.pattern) : null;
      if (match) answer = override.handler(request, match);
      if (answer) break;
    }
    answer ??= this.answer(request);
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'request-id': stripeId('req') });
    res.end(JSON.stringify(answer.body));
  }

  private all(object: string): StoredObject[] {
    return [...this.objects.values()].filter((candidate) => candidate.object === object);
  }

  /** Stripe's default answers for the calls the provider makes. */
  private answer(request: RecordedRequest): Answer {
    const { method, path, params } = request;
    let match: RegExpMatchArray | null;
    if (method === 'GET' && path === '/v1/prices') {
      const keys = listParam(params, 'lookup_keys');
      const prices = this.all('price').filter((price) => keys.includes(price.lookup_key as string) && (params.active !== 'true' || price.active));
      return { body: list(prices, path) };
    }
    if (method === 'GET' && path === '/v1/customers') {
      return { body: list(this.all('customer').filter((candidate) => !params.email || candidate.email === params.email), path) };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const created = customer({ email: params.email ?? null, name: params.name ?? null, tax_exempt: (params.tax_exempt ?? 'none') as Stripe.Customer.TaxExempt, metadata: metadataOf(params) });
      this.put(created);
      const value = params['tax_id_data[0][value]'];
      if (value) this.put(taxId(created.id, params['tax_id_data[0][type]'] as Stripe.TaxId.Type, value));
      return { body: created };
    }
    if ((match = path.match(/^\/v1\/customers\/([^/]+)\/tax_ids(?:\/([^/]+))?$/))) {
      const [, customerId, taxIdId] = match;
      if (method === 'GET') return { body: list(this.all('tax_id').filter((candidate) => candidate.customer === customerId), path) };
      if (method === 'POST') return { body: this.put(taxId(customerId!, params.type as Stripe.TaxId.Type, params.value!)) };
      if (method === 'DELETE') {
        this.objects.delete(taxIdId!);
        return { body: { id: taxIdId, object: 'tax_id', deleted: true } };
      }
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const stored = this.objects.get(match[1]!);
      if (!stored) return missing(path);
      const updated = { ...stored, email: params.email ?? stored.email, name: params.name ?? stored.name, tax_exempt: params.tax_exempt ?? stored.tax_exempt, metadata: { ...(stored.metadata as object), ...metadataOf(params) } };
      return { body: this.put(updated) };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = checkoutSession({
        clientReferenceId: params.client_reference_id ?? null, customer: params.customer!, subscription: null, invoice: null,
        metadata: metadataOf(params), currency: 'eur', amountTotal: 0,
      }, { status: 'open', payment_status: 'unpaid', success_url: params.success_url ?? null, cancel_url: params.cancel_url ?? null });
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      return { body: this.put(session) };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return { body: portalSession(params.customer!, params.return_url!) };
    }
    if (path === '/v1/tax_rates') {
      if (method === 'GET') return { body: list(this.all('tax_rate').filter((rate) => rate.active), path) };
      const created = taxRate(Math.round(Number(params.percentage) * 100), metadataOf(params));
      return { body: this.put({ ...created, country: params.country ?? null, display_name: params.display_name ?? 'VAT' }) };
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const invoices = this.all('invoice').filter((candidate) => {
        const parent = candidate.parent as Wire<Stripe.Invoice.Parent> | null;
        return (!params.subscription || parent?.subscription_details?.subscription === params.subscription) && (!params.status || candidate.status === params.status);
      });
      return { body: list(invoices.sort((a, b) => (b.created as number) - (a.created as number)), path) };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const subscriptions = this.all('subscription').filter((candidate) => !params.customer || candidate.customer === params.customer
        || (candidate.customer as { id?: string }).id === params.customer);
      return { body: list(subscriptions, path) };
    }
    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const subscription = this.objects.get(params.from_subscription!) as unknown as Wire<Stripe.Subscription> | undefined;
      if (!subscription) return missing(path);
      const item = subscription.items.data[0]!;
      const phase = schedulePhase(
        subscription.items.data.map((candidate) => ({ price: candidate.price.id, quantity: candidate.quantity ?? 1 })),
        { start: new Date(item.current_period_start * 1000), end: new Date(item.current_period_end * 1000) },
      );
      const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
      const schedule = subscriptionSchedule(subscription.id, customerId, [phase]);
      this.put(schedule);
      this.put({ ...subscription, schedule: schedule.id });
      return { body: schedule };
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/subscription_schedules\/([^/]+)\/release$/))) {
      const schedule = this.objects.get(match[1]!) as unknown as Wire<Stripe.SubscriptionSchedule> | undefined;
      if (!schedule) return missing(path);
      const released = { ...schedule, status: 'released' as const, released_at: Math.floor(Date.now() / 1000), released_subscription: schedule.subscription as string, subscription: null };
      const subscription = this.objects.get(schedule.subscription as string);
      if (subscription) this.put({ ...subscription, schedule: null });
      return { body: this.put(released) };
    }
    if ((match = path.match(/^\/v1\/([a-z_]+)\/([^/]+)$/))) {
      const stored = this.objects.get(match[2]!);
      if (!stored) return missing(path);
      return { body: this.expand(stored, request) };
    }
    return missing(path);
  }

  /** Expands what the request asks to (`customer`, `schedule.phases.items.price`, …) from the stored objects, as Stripe does. */
  private expand(object: StoredObject, request: RecordedRequest): StoredObject {
    let expanded: unknown = object;
    for (const field of listParam(request.params, 'expand')) expanded = this.expandPath(expanded, field.split('.'));
    return expanded as StoredObject;
  }

  private expandPath(value: unknown, path: string[]): unknown {
    if (Array.isArray(value)) return value.map((entry) => this.expandPath(entry, path));
    if (path.length === 0) return typeof value === 'string' && this.objects.has(value) ? this.objects.get(value) : value;
    if (!value || typeof value !== 'object') return value;
    const [head, ...rest] = path as [string, ...string[]];
    const record = value as Record<string, unknown>;
    // Lists (subscription items, invoice lines) are expanded through their data.
    if (record.object === 'list') return { ...record, data: this.expandPath(record.data, path) };
    return head in record ? { ...record, [head]: this.expandPath(this.expandPath(record[head], []), rest) } : record;
  }
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).flatMap(([key, value]) => {
    const match = key.match(/^metadata\[([^\]]+)\]$/);
    return match ? [[match[1]!, value]] : [];
  }));
}
