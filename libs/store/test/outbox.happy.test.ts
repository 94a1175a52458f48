import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appendingEvents, createStore, eventOutbox, carrying, tenantScoped, type CarriesEvents, type Store } from '../src';

interface Note extends CarriesEvents<string> {
  _id: string;
  tenantId: string;
  text: string;
  revision: number;
  updatedAt: Date;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
let store: Store;
beforeAll(async () => {
  store = await createStore({ dir: root });
});
afterAll(async () => {
  await store.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const t0 = new Date('2026-01-01T00:00:00Z');
const later = new Date('2026-01-01T00:01:00Z');
const note = (id: string, events: string[], revision = 1, tenantId = 'ten_a'): Note => ({
  _id: id,
  tenantId,
  text: id,
  revision,
  updatedAt: t0,
  ...carrying(events),
});

describe('event outbox', () => {
  it('when events were written before the cut-off, then they are unannounced, published in order and forgotten', async () => {
    const notes = store.collection<Note>('notes1');
    const outbox = eventOutbox(notes, { agedBy: 'updatedAt' });
    await outbox.init();
    await notes.insertOne(note('n1', ['a', 'b']));
    await notes.insertOne(note('n2', []));
    const due = await outbox.unannounced(later, 10);
    expect(due.map((n) => n._id)).toEqual(['n1']);
    expect(await outbox.unannounced(t0, 10)).toEqual([]);
    const published: string[] = [];
    await outbox.announce(due[0], async (e) => void published.push(e));
    expect(published).toEqual(['a', 'b']);
    expect(await notes.findOne({ _id: 'n1' })).toMatchObject({ pendingEvents: [], eventsPending: false });
  });

  it('when a later change wrote new events meanwhile, then announcing the old read keeps them', async () => {
    const notes = store.collection<Note>('notes2');
    const outbox = eventOutbox(notes, { agedBy: 'updatedAt', guardedBy: 'revision' });
    await notes.insertOne(note('n1', ['a']));
    const stale = (await notes.findOne({ _id: 'n1' }))!;
    await notes.updateOne({ _id: 'n1' }, { $set: { revision: 2, ...carrying(['a', 'b']) } });
    await outbox.announce(stale, async () => undefined);
    expect(await notes.findOne({ _id: 'n1' })).toMatchObject({ pendingEvents: ['a', 'b'], eventsPending: true });
  });

  it('when a change appends events while an announce is under way, then the appended ones wait and the earlier ones stay', async () => {
    const notes = store.collection<Note>('notes5');
    const outbox = eventOutbox(notes, { agedBy: 'updatedAt', guardedBy: 'changeSeq' });
    await notes.insertOne({ ...note('n1', ['a']), changeSeq: 1 });
    const read = (await notes.findOne({ _id: 'n1' }))!;
    // Written in the same millisecond as the first: only the counter tells the two changes apart.
    await notes.findOneAndUpdate({ _id: 'n1' }, appendingEvents(['b'], { text: 'changed', updatedAt: t0 }));
    await outbox.announce(read, async () => undefined);
    expect(await notes.findOne({ _id: 'n1' })).toMatchObject({ pendingEvents: ['a', 'b'], eventsPending: true, changeSeq: 2 });

    const fresh = (await notes.findOne({ _id: 'n1' }))!;
    const published: string[] = [];
    await outbox.announce(fresh, async (e) => void published.push(e));
    expect(published).toEqual(['a', 'b']);
    expect(await notes.findOne({ _id: 'n1' })).toMatchObject({ pendingEvents: [], eventsPending: false });
  });

  it('when a record from before the counter carries events, then announcing it still forgets them', async () => {
    const notes = store.collection<Note>('notes6');
    const outbox = eventOutbox(notes, { agedBy: 'updatedAt', guardedBy: 'changeSeq' });
    await notes.insertOne(note('n1', ['a']));
    await outbox.announce((await notes.findOne({ _id: 'n1' }))!, async () => undefined);
    expect(await notes.findOne({ _id: 'n1' })).toMatchObject({ pendingEvents: [], eventsPending: false });
  });

  it('when the broker refuses an event, then nothing is forgotten', async () => {
    const notes = store.collection<Note>('notes3');
    const outbox = eventOutbox(notes, { agedBy: 'updatedAt' });
    await notes.insertOne(note('n1', ['a']));
    const record = (await notes.findOne({ _id: 'n1' }))!;
    await expect(outbox.announce(record, async () => Promise.reject(new Error('broker down')))).rejects.toThrow('broker down');
    expect(await notes.findOne({ _id: 'n1' })).toMatchObject({ eventsPending: true });
  });
});

describe('tenant-scoped collection', () => {
  it("when a filter names another tenant, then the call's tenant still wins", async () => {
    const notes = tenantScoped(store.collection<Note>('notes4'));
    await store.collection<Note>('notes4').insertOne(note('n1', [], 1, 'ten_a'));
    expect(await notes.findOne('ten_b', { _id: 'n1' })).toBeNull();
    expect(await notes.findOne('ten_b', { _id: 'n1', tenantId: 'ten_a' })).toBeNull();
    expect(await notes.count('ten_a', {})).toBe(1);
    expect(await notes.deleteOne('ten_b', { _id: 'n1' })).toBe(0);
    expect((await notes.updateOne('ten_b', { _id: 'n1' }, { $set: { text: 'x' } })).matched).toBe(0);
    expect(await notes.find('ten_a', {})).toHaveLength(1);
  });
});
