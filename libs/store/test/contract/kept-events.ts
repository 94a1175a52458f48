import { auditedRecords, carrying, eventOutbox, KEEP_PUBLISHED_MS, type AuditedRecord, type Store } from '../../src';
import type { ContractContext } from './context';

interface Change extends AuditedRecord<string> {
  name: string;
  changedAt: Date;
}

// Events named `audit:…` are the ones kept, as audit records are in the services.
const keeps = (event: string) => event.startsWith('audit:');

export function keptEventTests(ctx: ContractContext): void {
  describe('published events kept for a new queue', () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const now = () => new Date(clock);
    const outboxOn = (store: Store, name: string) =>
      eventOutbox(store.collection<Change>(name), { agedBy: 'changedAt', guardedBy: 'changeSeq', keeps, now });
    const change = (id: string, events: string[]): Change => ({
      _id: id,
      tenantId: 't',
      name: id,
      changedAt: now(),
      deletedAt: null,
      ...carrying(events),
    });
    const publishAll = (published: string[]) => async (event: string) => void published.push(event);

    it('when a record is published, then the kept events stay with it a minute and a re-arm puts them back for the next publish, once', async () => {
      const name = ctx.collectionName('kept');
      const outbox = outboxOn(ctx.store(), name);
      const changes = ctx.store().collection<Change>(name);
      await outbox.init();
      await changes.insertOne(change('c1', ['audit:1', 'other']));
      const published: string[] = [];
      await outbox.announce((await changes.findOne({ _id: 'c1' }))!, publishAll(published));
      expect(published).toEqual(['audit:1', 'other']);
      const kept = (await changes.findOne({ _id: 'c1' }))!;
      expect(kept).toMatchObject({ eventsPending: false, pendingEvents: [], keptEvents: ['audit:1'] });
      expect(kept.keptUntil?.getTime()).toBe(clock + KEEP_PUBLISHED_MS);

      // Two replicas starting on new queues at once: the events wait once.
      const rival = ctx.options.rival ? await ctx.options.rival() : ctx.store();
      try {
        const rearmed = await Promise.all([outbox.rearmKept(), outboxOn(rival, name).rearmKept()]);
        expect(rearmed[0] + rearmed[1]).toBe(1);
      } finally {
        if (rival !== ctx.store()) await rival.close();
      }
      const waiting = (await changes.findOne({ _id: 'c1' }))!;
      expect(waiting).toMatchObject({ eventsPending: true, pendingEvents: ['audit:1'], keptEvents: [], keptUntil: null });
      expect(await outbox.unannounced(new Date(clock + 1), 10)).toHaveLength(1);
      await outbox.announce(waiting, publishAll(published));
      expect(published).toEqual(['audit:1', 'other', 'audit:1']);
      expect(await changes.findOne({ _id: 'c1' })).toMatchObject({ eventsPending: false, keptEvents: ['audit:1'] });
      expect(await outbox.rearmKept()).toBe(1);
    });

    it('when a kept record’s minute has passed, then the sweep forgets it, while one kept again meanwhile stays', async () => {
      const name = ctx.collectionName('kept');
      const outbox = outboxOn(ctx.store(), name);
      const changes = ctx.store().collection<Change>(name);
      await outbox.init();
      await changes.insertMany([change('old', ['audit:old']), change('again', ['audit:a1'])]);
      for (const c of await changes.find({})) await outbox.announce(c, async () => undefined);
      clock += KEEP_PUBLISHED_MS / 2;
      await changes.updateOne(
        { _id: 'again' },
        { $set: { eventsPending: true }, $push: { pendingEvents: 'audit:a2' }, $inc: { changeSeq: 1 } },
      );
      await outbox.announce((await changes.findOne({ _id: 'again' }))!, async () => undefined);
      clock += KEEP_PUBLISHED_MS / 2;
      expect(await outbox.dropKept()).toBe(0);
      clock += 1;
      expect(await outbox.dropKept()).toBe(1);
      expect(await changes.findOne({ _id: 'old' })).toMatchObject({ keptEvents: [], keptUntil: null });
      expect(await changes.findOne({ _id: 'again' })).toMatchObject({ keptEvents: ['audit:a1', 'audit:a2'] });
      expect(await outbox.rearmKept()).toBe(1);
    });

    it('when a deletion’s record is published, then its tombstone stays until the record’s minute has passed and the sweep forgot it', async () => {
      const name = ctx.collectionName('kept');
      const audited = auditedRecords(ctx.store().collection<Change>(name), { keeps, now });
      const changes = ctx.store().collection<Change>(name);
      await audited.init();
      await changes.insertOne(change('gone', []));
      const tombstone = (await audited.remove('t', { _id: 'gone' }, ['audit:deleted'], now()))!;
      await audited.announce(tombstone, async () => undefined);
      expect(await audited.dropTombstones()).toBe(0);
      clock += KEEP_PUBLISHED_MS + 1;
      await audited.dropKept();
      expect(await audited.dropTombstones()).toBe(1);
      expect(await changes.findOne({ _id: 'gone' })).toBeNull();
    });
  });
}
