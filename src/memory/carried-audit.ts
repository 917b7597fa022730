import { ObjectId, type Collection, type Document } from 'mongodb';
import { TicketApprovalsSchema, auditEventKey, type AuditEvent } from '../domain/index.js';
import { keyedDocuments } from './keyed-documents.js';
import { recordField } from './turn-documents.js';

/*
 * Issue 13: the audit events of a refund request's run are stored on the request's document by
 * the writes that run makes anyway (its insert, its card's reference), under `trail.<auditId>`,
 * instead of in an insert into `audit_events` of their own. Hidden from the request's schema; the
 * audit trail's reads (`listForTicket`, `listForApproval`) merge them with `audit_events`, where
 * every other event and every event stored before stays. Setting one field of a document by
 * `_id` is atomic on every server, so the request and the events it was stored with are never
 * apart, and writing one event again (a retried write) sets the same field.
 */
export const TRAIL = 'trail';

const approvalKeyed = keyedDocuments('approvalId');
const ticketKeyed = keyedDocuments('ticketId');

/** Encodes an event as stored (`_seq` keeps the order among events of one `at`, as in `audit_events`). */
type Encode = (event: AuditEvent) => Document;

/** The `trail` field of a new request's document (undefined: none). */
export function trailOnInsert(events: readonly AuditEvent[] | undefined, encode: Encode) {
  if (!events?.length) return undefined;
  return Object.fromEntries(
    events.map((e) => [recordField(e.auditId), { ...encode(e), _seq: new ObjectId() }]),
  );
}

/** `$set` fields adding events to a stored request. */
export function trailSet(events: readonly AuditEvent[] | undefined, encode: Encode): Document {
  return Object.fromEntries(
    (events ?? []).map((e) => [`${TRAIL}.${recordField(e.auditId)}`, { ...encode(e), _seq: new ObjectId() }]),
  );
}

function trailOf(doc: Document | null | undefined): Document[] {
  const trail = doc?.[TRAIL] as Record<string, Document> | undefined;
  return trail && typeof trail === 'object' ? Object.values(trail) : [];
}

/** The events stored on one request (read by its `_id`). */
export async function carriedForApproval(
  approvals: Collection,
  tenantId: string,
  approvalId: string,
): Promise<Document[]> {
  const doc = await approvals.findOne(
    { _id: approvalKeyed.id(tenantId, approvalId) as never, tenantId, approvalId },
    { projection: { [TRAIL]: 1 } },
  );
  return trailOf(doc);
}

/**
 * The events stored on a ticket's requests: the ticket's list of them (`Ticket.approvals`) read by
 * `_id`, then the requests by `_id`. A ticket stored before it kept the list (or before keyed
 * ids): its requests by its id (a scan on the embedded server; the ticket view and exports read
 * this, not the path of a message, a click or a sweep).
 */
export async function carriedForTicket(
  approvals: Collection,
  tickets: Collection,
  tenantId: string,
  ticketId: string,
): Promise<Document[]> {
  const ticket = await tickets.findOne(
    { _id: ticketKeyed.id(tenantId, ticketId) as never, tenantId, ticketId },
    { projection: { approvals: 1 } },
  );
  // Not found by its key (stored before keyed ids, or not stored yet): its requests by its id.
  const listed = TicketApprovalsSchema.safeParse(ticket?.approvals);
  const ids = listed.success && listed.data.whole ? [...new Set(listed.data.ids)] : null;
  if (ids?.length === 0) return [];
  const filter = ids
    ? { _id: { $in: ids.map((id) => approvalKeyed.id(tenantId, id)) as never[] }, tenantId, ticketId }
    : { tenantId, ticketId, [TRAIL]: { $exists: true } };
  const docs = await approvals.find(filter, { projection: { [TRAIL]: 1 } }).toArray();
  return docs.flatMap(trailOf);
}

const seqOf = (d: Document) => (d._seq instanceof ObjectId ? d._seq.toHexString() : '');
const idOf = (d: Document) => (d._id === undefined ? '' : String(d._id));

/**
 * Stored and carried events in the order they were written (`at`, then `_seq`, as the old sort),
 * each once: an event under its id once, and an event keyed per approval (`auditEventKey`) once
 * whichever place holds it (the first written wins, as the key's refusal does in `audit_events`).
 */
export function mergeTrail(docs: Document[], decode: (docs: Document[]) => AuditEvent[]): AuditEvent[] {
  const sorted = [...docs].sort((a, b) => {
    const at = new Date(a.at as Date).getTime() - new Date(b.at as Date).getTime();
    if (at !== 0) return at;
    return seqOf(a).localeCompare(seqOf(b)) || idOf(a).localeCompare(idOf(b));
  });
  const seen = new Set<string>();
  return decode(sorted).filter((e) => {
    const keys = [`id:${e.auditId}`, ...[auditEventKey(e)].filter(Boolean).map((k) => `key:${k}`)];
    if (keys.some((k) => seen.has(k))) return false;
    for (const k of keys) seen.add(k);
    return true;
  });
}
