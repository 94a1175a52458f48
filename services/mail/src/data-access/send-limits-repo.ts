import { DuplicateKeyError, type Store } from '@mailplane/store';
import type { CountersRepo } from './counters-repo';

/** Rate window and monthly quota in one document (`send:<tenantId>` in `counters`), so one conditional write takes both. */
interface SendLimits {
  _id: string;
  window: number;
  sent: number;
  month: string;
  used: number;
  expiresAt: Date;
}

export interface SendTake {
  window: number;
  month: string;
  rate: number;
  quota: number;
  emails: number;
  units: number;
  expiresAt: Date;
}

export type TakeResult =
  { taken: true; sent: number; used: number } | { taken: false; refused: 'rate' | 'quota'; sent: number; used: number };

const idOf = (tenantId: string) => `send:${tenantId}`;

/** One conditional write per take: no number of replicas takes past a limit. `legacy`: the old `quota:<tenant>:<month>` counter. */
export function sendLimitsRepo(store: Store, legacy: CountersRepo) {
  const docs = store.collection<SendLimits>('counters');

  async function create(tenantId: string, t: SendTake): Promise<void> {
    const used = await legacy.read(tenantId, { name: 'quota', period: t.month });
    try {
      await docs.insertOne({ _id: idOf(tenantId), window: t.window, sent: 0, month: t.month, used, expiresAt: t.expiresAt });
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }

  async function roll(doc: SendLimits, t: SendTake): Promise<void> {
    const rolled = {
      ...(t.emails > 0 && doc.window !== t.window ? { window: t.window, sent: 0 } : {}),
      ...(t.units > 0 && doc.month !== t.month ? { month: t.month, used: 0, expiresAt: t.expiresAt } : {}),
    };
    await docs.updateOne({ _id: doc._id, window: doc.window, month: doc.month }, { $set: rolled });
  }

  return {
    /** Takes both, all or nothing (either may be 0: a take of the rate limit or of the quota alone). */
    async take(tenantId: string, t: SendTake): Promise<TakeResult> {
      const filter = {
        _id: idOf(tenantId),
        ...(t.emails > 0 ? { window: t.window, sent: { $lte: t.rate - t.emails } } : {}),
        ...(t.units > 0 ? { month: t.month, used: { $lte: t.quota - t.units } } : {}),
      };
      for (;;) {
        // Answers before the increment is durable: the message it admits is written after it, whose commit carries it.
        const after = await docs.findOneAndUpdate(filter, { $inc: { sent: t.emails, used: t.units } }, { durability: 'with-next-write' });
        if (after) return { taken: true, sent: after.sent, used: after.used };
        const doc = await docs.findOne({ _id: idOf(tenantId) });
        if (!doc) {
          await create(tenantId, t);
          continue;
        }
        const stale = (t.emails > 0 && doc.window !== t.window) || (t.units > 0 && doc.month !== t.month);
        if (stale) {
          await roll(doc, t);
          continue;
        }
        const rateFull = t.emails > 0 && doc.sent + t.emails > t.rate;
        const quotaFull = t.units > 0 && doc.used + t.units > t.quota;
        // Both fit as read: the write raced another one (or a give-back made room); try again.
        if (!rateFull && !quotaFull) continue;
        return { taken: false, refused: rateFull ? 'rate' : 'quota', sent: doc.sent, used: doc.used };
      }
    },
    async giveBack(tenantId: string, month: string, units: number): Promise<void> {
      await docs.updateOne({ _id: idOf(tenantId), month, used: { $gte: units } }, { $inc: { used: -units } });
    },
    async used(tenantId: string, month: string): Promise<number> {
      const doc = await docs.findOne({ _id: idOf(tenantId) });
      if (doc) return doc.month === month ? doc.used : 0;
      return legacy.read(tenantId, { name: 'quota', period: month });
    },
  };
}
export type SendLimitsRepo = ReturnType<typeof sendLimitsRepo>;
