import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';

/** A store customer, as the Admin API's Customer object. */
export interface FakeShopifyCustomer {
  id: number;
  email: string;
  displayName: string;
}

/** An order the fake store holds; rendered as the Admin API's Order object. */
export interface FakeShopifyOrder {
  id: number;
  /** The number customers see, without "#". */
  number: string;
  customerId: number | null;
  createdAt: string;
  currency: string;
  /** Major units, as Shopify's MoneyV2 amount strings. */
  total: string;
  lineItems: Array<{ sku: string; name: string; quantity: number; unitPrice: string }>;
  fulfillments: Array<{
    createdAt: string;
    deliveredAt?: string;
    estimatedDeliveryAt?: string;
    displayStatus: string;
    trackingCompany?: string;
    trackingNumber?: string;
  }>;
  cancelledAt?: string;
  refunds: Array<{ id: number; createdAt: string; note: string | null; amount: string }>;
  /** The captured payment; omitted: nothing to refund back to. */
  gateway?: string;
}

export interface FakeShopify {
  /** Origin to give SHOPIFY_API_URL (the client keeps Shopify's /admin/api/<version>/graphql.json path). */
  url: string;
  token: string;
  customers: FakeShopifyCustomer[];
  orders: FakeShopifyOrder[];
  /** Every operation received, by name, with its variables and the path it was sent to. */
  requests: Array<{ operation: string; variables: Record<string, unknown>; path: string }>;
  /** Refunds actually created (a replayed key adds none). */
  refundsCreated: Array<{ orderNumber: string; amount: string; key: string }>;
  /** The next `n` requests are answered THROTTLED (HTTP 200, cost-based bucket empty). */
  throttleNext(n: number): void;
  /** The next `n` requests get HTTP 429 with this Retry-After (seconds). */
  rateLimitNext(n: number, retryAfterSeconds: number): void;
  /** The next `n` requests get this HTTP status (e.g. 503: Shopify is down). */
  failNext(n: number, status: number): void;
  /** Refund mutations answer with this userError until cleared. */
  refundUserError: string | null;
  close(): Promise<void>;
}

const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode } });
const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;
const toCents = (s: string) => Math.round(Number(s) * 100);
const fromCents = (n: number) => (n / 100).toFixed(2);

/**
 * A loopback Shopify Admin GraphQL endpoint: it checks the access token header, parses each
 * operation with the real GraphQL parser, dispatches on the operation name, answers the documented
 * shapes (nodes connections, MoneyBag, userErrors, extensions.cost.throttleStatus) and honours
 * `@idempotent(key:)` on refundCreate (a repeated key replays the first refund).
 */
export async function startFakeShopify(options: { token?: string } = {}): Promise<FakeShopify> {
  const token = options.token ?? 'shpat_test_token';
  let throttle = 0;
  let rateLimit = { n: 0, retryAfter: 0 };
  let fail = { n: 0, status: 0 };
  let nextId = 9000;
  const byKey = new Map<string, { refundId: number; orderId: number }>();
  const state: FakeShopify = {
    url: '',
    token,
    customers: [],
    orders: [],
    requests: [],
    refundsCreated: [],
    throttleNext: (n) => (throttle = n),
    rateLimitNext: (n, retryAfter) => (rateLimit = { n, retryAfter }),
    failNext: (n, status) => (fail = { n, status }),
    refundUserError: null,
    close: () => new Promise((r) => server.close(() => r())),
  };

  const renderOrder = (o: FakeShopifyOrder) => ({
    id: gid('Order', o.id),
    name: `#${o.number}`,
    createdAt: o.createdAt,
    cancelledAt: o.cancelledAt ?? null,
    displayFinancialStatus: o.refunds.length > 0 ? 'PARTIALLY_REFUNDED' : 'PAID',
    displayFulfillmentStatus: o.fulfillments.length > 0 ? 'FULFILLED' : 'UNFULFILLED',
    returnStatus: 'NO_RETURN',
    customer: o.customerId === null ? null : { id: gid('Customer', o.customerId) },
    totalPriceSet: money(o.total, o.currency),
    lineItems: {
      nodes: o.lineItems.map((li) => ({
        sku: li.sku,
        name: li.name,
        quantity: li.quantity,
        originalUnitPriceSet: money(li.unitPrice, o.currency),
      })),
    },
    fulfillments: o.fulfillments.map((f) => ({
      createdAt: f.createdAt,
      deliveredAt: f.deliveredAt ?? null,
      estimatedDeliveryAt: f.estimatedDeliveryAt ?? null,
      displayStatus: f.displayStatus,
      trackingInfo: f.trackingNumber
        ? [{ company: f.trackingCompany ?? null, number: f.trackingNumber }]
        : [],
    })),
    refunds: o.refunds.map((r) => ({
      id: gid('Refund', r.id),
      createdAt: r.createdAt,
      note: r.note,
      totalRefundedSet: money(r.amount, o.currency),
    })),
    transactions: o.gateway
      ? [
          {
            id: gid('OrderTransaction', o.id * 10),
            kind: 'SALE',
            status: 'SUCCESS',
            gateway: o.gateway,
            amountSet: money(o.total, o.currency),
          },
        ]
      : [],
  });

  /** Shopify's search syntax, the two forms the connector sends: `name:"#1043"`, `email:"a@b.c"`. */
  const searchValue = (query: unknown, field: string) => {
    const m = new RegExp(`^${field}:"((?:[^"\\\\]|\\\\.)*)"$`).exec(String(query ?? ''));
    return m ? m[1]!.replace(/\\(.)/g, '$1') : null;
  };

  function execute(
    op: OperationDefinitionNode,
    variables: Record<string, unknown>,
  ): { status: number; body: unknown } {
    const name = op.name?.value ?? '';
    switch (name) {
      case 'Shop':
        return { status: 200, body: { data: { shop: { name: 'Fake Store', currencyCode: 'USD' } } } };
      case 'CustomerByEmail': {
        const email = searchValue(variables.query, 'email')?.toLowerCase();
        const nodes = state.customers
          .filter((c) => c.email.toLowerCase() === email)
          .map((c) => ({ id: gid('Customer', c.id), email: c.email, displayName: c.displayName }));
        return { status: 200, body: { data: { customers: { nodes } } } };
      }
      case 'OrderByName': {
        const wanted = searchValue(variables.query, 'name');
        const nodes = state.orders.filter((o) => `#${o.number}` === wanted).map(renderOrder);
        return { status: 200, body: { data: { orders: { nodes } } } };
      }
      case 'CustomerOrders': {
        const id = Number(String(variables.id).split('/').pop());
        const customer = state.customers.find((c) => c.id === id);
        if (!customer) return { status: 200, body: { data: { customer: null } } };
        const nodes = state.orders
          .filter((o) => o.customerId === id)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .slice(0, Number(variables.first ?? 20))
          .map(renderOrder);
        return { status: 200, body: { data: { customer: { orders: { nodes } } } } };
      }
      case 'RefundCreate':
        return refundCreate(op, variables);
      case 'OrderCancel': {
        const id = Number(String(variables.orderId).split('/').pop());
        const order = state.orders.find((o) => o.id === id);
        const errors = !order
          ? [{ field: ['orderId'], message: 'Order does not exist', code: 'NOT_FOUND' }]
          : order.cancelledAt
            ? [{ field: ['orderId'], message: 'Order has already been cancelled', code: 'INVALID' }]
            : [];
        if (order && errors.length === 0) order.cancelledAt = new Date().toISOString();
        return {
          status: 200,
          body: {
            data: {
              orderCancel: {
                job: errors.length ? null : { id: gid('Job', nextId++), done: false },
                orderCancelUserErrors: errors,
              },
            },
          },
        };
      }
      default:
        return {
          status: 200,
          body: { errors: [{ message: `Field '${name}' doesn't exist on type 'QueryRoot'` }] },
        };
    }
  }

  function refundCreate(op: OperationDefinitionNode, variables: Record<string, unknown>) {
    const field = op.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
    const directive =
      field?.kind === Kind.FIELD ? field.directives?.find((d) => d.name.value === 'idempotent') : undefined;
    const keyArg = directive?.arguments?.find((a) => a.name.value === 'key')?.value;
    const key =
      keyArg?.kind === Kind.VARIABLE
        ? variables[keyArg.name.value]
        : keyArg?.kind === Kind.STRING
          ? keyArg.value
          : undefined;
    if (typeof key !== 'string' || key === '') {
      return {
        status: 200,
        body: {
          errors: [
            {
              message: 'The @idempotent directive is required for this mutation',
              extensions: { code: 'BAD_REQUEST' },
            },
          ],
        },
      };
    }
    const input = variables.input as {
      orderId: string;
      note?: string;
      transactions?: Array<{ amount: string; parentId?: string }>;
    };
    const order = state.orders.find((o) => gid('Order', o.id) === input.orderId);
    const replay = byKey.get(key);
    if (replay && order) {
      const r = order.refunds.find((x) => x.id === replay.refundId)!;
      return {
        status: 200,
        body: { data: { refundCreate: { refund: renderRefund(order, r), userErrors: [] } } },
      };
    }
    const userErrors: Array<{ field: string[]; message: string }> = [];
    if (!order) userErrors.push({ field: ['orderId'], message: 'Order does not exist' });
    else if (state.refundUserError)
      userErrors.push({ field: ['transactions'], message: state.refundUserError });
    else {
      const amount = toCents(input.transactions?.[0]?.amount ?? '0');
      const refunded = order.refunds.reduce((n, r) => n + toCents(r.amount), 0);
      if (!order.gateway || !input.transactions?.[0]?.parentId)
        userErrors.push({ field: ['transactions'], message: 'Transaction parent is required' });
      else if (amount + refunded > toCents(order.total))
        userErrors.push({
          field: ['transactions', '0', 'amount'],
          message: 'Amount cannot exceed the refundable amount',
        });
    }
    if (userErrors.length > 0 || !order) {
      return { status: 200, body: { data: { refundCreate: { refund: null, userErrors } } } };
    }
    const amount = fromCents(toCents(input.transactions![0]!.amount));
    const refund = { id: nextId++, createdAt: new Date().toISOString(), note: input.note ?? null, amount };
    order.refunds.push(refund);
    byKey.set(key, { refundId: refund.id, orderId: order.id });
    state.refundsCreated.push({ orderNumber: order.number, amount, key });
    return {
      status: 200,
      body: { data: { refundCreate: { refund: renderRefund(order, refund), userErrors: [] } } },
    };
  }

  const renderRefund = (o: FakeShopifyOrder, r: FakeShopifyOrder['refunds'][number]) => ({
    id: gid('Refund', r.id),
    createdAt: r.createdAt,
    note: r.note,
    totalRefundedSet: money(r.amount, o.currency),
  });

  const cost = (available: number) => ({
    cost: {
      requestedQueryCost: 120,
      actualQueryCost: available > 0 ? 40 : null,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: available, restoreRate: 100 },
    },
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !/^\/admin\/api\/[\w-]+\/graphql\.json$/.test(req.url ?? ''))
      return send(404, { errors: 'Not Found' });
    if (req.headers['x-shopify-access-token'] !== token)
      return send(401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    let body: { query?: string; variables?: Record<string, unknown> };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(400, { errors: 'Bad Request' });
    }
    const doc = parse(body.query ?? '');
    const op = doc.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )!;
    const variables = body.variables ?? {};
    state.requests.push({ operation: op.name?.value ?? '', variables, path: req.url ?? '' });
    if (fail.n > 0) {
      fail.n--;
      return send(fail.status, { errors: 'Service Unavailable' });
    }
    if (rateLimit.n > 0) {
      rateLimit.n--;
      return send(
        429,
        {
          errors:
            'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
        },
        {
          'Retry-After': String(rateLimit.retryAfter),
        },
      );
    }
    if (throttle > 0) {
      throttle--;
      return send(200, {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: cost(20),
      });
    }
    const out = execute(op, variables);
    send(out.status, { ...(out.body as object), extensions: cost(1960) });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
