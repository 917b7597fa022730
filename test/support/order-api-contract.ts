import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

interface Operation {
  parameters?: Array<{ $ref?: string; name?: string; in?: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}

type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

/**
 * Checks requests and responses against docs/order-api.openapi.yaml with ajv: the operation is
 * found by path template and method, then its parameters, request body and the response for the
 * status are validated. Returns the problems (empty when the exchange follows the contract).
 */
export function loadOrderApiContract(file = new URL('../../docs/order-api.openapi.yaml', import.meta.url)) {
  const doc = parse(readFileSync(file, 'utf8')) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi', components: doc.components });
  const rebase = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"openapi#/components/'));
  const deref = <T>(x: T & { $ref?: string }): T => {
    if (!x.$ref) return x;
    const [, group, name] = x.$ref.split('/').slice(1);
    return doc.components[group!]![name!] as T;
  };
  const check = (schema: unknown, value: unknown, where: string, problems: string[]) => {
    const validate = ajv.compile(rebase(schema) as object);
    if (!validate(value)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  };

  function operation(method: string, path: string): { op: Operation; params: Record<string, string> } | null {
    for (const [template, ops] of Object.entries(doc.paths)) {
      const names: string[] = [];
      const re = new RegExp(
        `^${template.replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`,
      );
      const m = re.exec(path);
      const op = ops[method.toLowerCase()];
      if (m && op)
        return { op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
    }
    return null;
  }

  return {
    /** Problems with a request (path relative to the API base, e.g. `/orders/1043?x=1`). */
    request(input: {
      method: string;
      path: string;
      headers: Record<string, string | undefined>;
      body: string;
    }): string[] {
      const url = new URL(input.path, 'http://x');
      const found = operation(input.method, url.pathname);
      if (!found) return [`${input.method} ${url.pathname}: no such operation in the contract`];
      const problems: string[] = [];
      for (const h of ['x-switchboard-timestamp', 'x-switchboard-signature'])
        if (!input.headers[h]) problems.push(`missing header ${h}`);
      for (const raw of found.op.parameters ?? []) {
        const p = deref(raw);
        const value =
          p.in === 'path'
            ? found.params[p.name!]
            : p.in === 'query'
              ? (url.searchParams.get(p.name!) ?? undefined)
              : input.headers[p.name!.toLowerCase()];
        if (value === undefined) {
          if (p.required) problems.push(`missing ${p.in} parameter ${p.name}`);
          continue;
        }
        const schema = p.schema as { type?: string };
        check(p.schema, schema.type === 'integer' ? Number(value) : value, `${p.in} ${p.name}`, problems);
      }
      const body = found.op.requestBody?.content['application/json']?.schema;
      if (body) check(body, input.body ? JSON.parse(input.body) : undefined, 'request body', problems);
      return problems;
    },
    /** Problems with a response to that request. */
    response(input: { method: string; path: string; status: number; body: string }): string[] {
      const found = operation(input.method, new URL(input.path, 'http://x').pathname);
      if (!found) return ['no such operation'];
      const declared = found.op.responses[String(input.status)];
      if (!declared) return [`status ${input.status} is not declared for ${input.method} ${input.path}`];
      const schema = deref(declared).content?.['application/json']?.schema;
      const problems: string[] = [];
      if (schema) check(schema, JSON.parse(input.body), `response ${input.status}`, problems);
      return problems;
    },
  };
}
