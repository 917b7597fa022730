import type { SlaTimerStore } from '../sla/sla-ports.js';
import type { RepositoryDeps } from './collections.js';

export const SLA_TIMERS_COLLECTION = 'sla_timers';

interface TimerDoc {
  _id: string;
  tenantId: string;
  ticketId: string;
  nextAt: Date;
}

/** `_id` = `${tenantId}:${ticketId}`; `{ nextAt: 1 }` is indexed for the sweep (see indexes.ts). */
export function createSlaTimerRepository({ db }: RepositoryDeps): SlaTimerStore {
  const col = db.collection<TimerDoc>(SLA_TIMERS_COLLECTION);
  return {
    async schedule(tenantId, ticketId, nextAt) {
      const _id = `${tenantId}:${ticketId}`;
      if (!nextAt) {
        await col.deleteOne({ _id });
        return;
      }
      await col.updateOne({ _id }, { $set: { tenantId, ticketId, nextAt } }, { upsert: true });
    },
    async due(now, limit) {
      const docs = await col
        .find({ nextAt: { $lte: now } })
        .sort({ nextAt: 1 })
        .limit(limit)
        .toArray();
      return docs.map((d) => ({ tenantId: d.tenantId, ticketId: d.ticketId, nextAt: d.nextAt }));
    },
  };
}
