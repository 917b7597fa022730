/** A ticket's fact id in the report store. */
export const ticketFactId = (ticketId: string) => `t:${ticketId}`;
/** An approval request's fact id in the report store. */
export const approvalFactId = (approvalId: string) => `a:${approvalId}`;

/** Queue and settling keys: one recount at a time per ticket or approval. */
export const ticketKey = (tenantId: string, ticketId: string) => `${tenantId}|t|${ticketId}`;
export const approvalKey = (tenantId: string, approvalId: string) => `${tenantId}|a|${approvalId}`;

/** Facts (and tickets with approvals) a recorder remembers between recounts; the oldest go first. */
export const FACTS_REMEMBERED = 5_000;

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond FACTS_REMEMBERED. */
export function rememberIn<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > FACTS_REMEMBERED) map.delete(map.keys().next().value!);
}
