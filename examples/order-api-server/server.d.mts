/** Types of the example order API server (server.mjs), for the tests that start it in-process. */
export interface OrderApiServer {
  port: number;
  data(): {
    customers: Array<{ customerId: string; name: string; email: string }>;
    orders: Array<Record<string, unknown> & { orderId: string; refunds: Array<Record<string, unknown>> }>;
  };
  reload(): Promise<unknown>;
  close(): Promise<void>;
}

export function startOrderApiServer(options: {
  dataFile: string;
  secret: string;
  port?: number;
  host?: string;
  now?: () => number;
  log?: (line: string) => void;
}): Promise<OrderApiServer>;
