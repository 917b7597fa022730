/** A ticket's fact id in the report store. */
export const ticketFactId = (ticketId: string) => `t:${ticketId}`;
/** An approval request's fact id in the report store. */
export const approvalFactId = (approvalId: string) => `a:${approvalId}`;

/** Queue and settling keys: one recount at a time per ticket or approval. */
export const ticketKey = (tenantId: string, ticketId: string) => `${tenantId}|t|${ticketId}`;
export const approvalKey = (tenantId: string, approvalId: string) => `${tenantId}|a|${approvalId}`;
