import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditedRecords, carrying, createStore, DuplicateKeyError, type AuditedRecord, type Store } from '../src';

interface Label extends AuditedRecord<string> {
  name: string;
  revision: number;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-audited-'));
let store: Store;
beforeAll(async () => {
  store = await createStore({ dir: root });
});
afterAll(async () => {
  await store.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const t0 = new Date('2026-01-01T00:00:00Z');
const label = (id: string, name: string): Label => ({
  _id: id,
  tenantId: 'ten_a',
  name,
  revision: 1,
  changedAt: t0,
  changeSeq: 1,
  ...carrying([`create ${id}`]),
});

describe('audited records', () => {
  it('when a change increments a field of its own, then its events join those waiting and both counters move', async () => {
    const labels = store.collection<Label>('labels1');
    const audited = auditedRecords(labels);
    await audited.init();
    await labels.insertOne(label('l1', 'a'));
    const changed = await audited.change('ten_a', { _id: 'l1' }, { $set: { name: 'b' }, $inc: { revision: 1 } }, ['rename l1'], t0);
    expect(changed).toMatchObject({ name: 'b', revision: 2, changeSeq: 2, pendingEvents: ['create l1', 'rename l1'], eventsPending: true });
    expect(await audited.change('ten_b', { _id: 'l1' }, { $set: { name: 'c' } }, ['x'], t0)).toBeNull();
  });

  it('when a record is removed, then no read sees it, its unique place is free, and it is dropped only once its events are announced', async () => {
    const labels = store.collection<Label>('labels2');
    const audited = auditedRecords(labels);
    await audited.init();
    await labels.createIndex({ tenantId: 1, name: 1 }, { unique: true });
    await labels.insertOne({ ...label('l1', 'a'), ...carrying([]) });
    const removed = await audited.remove('ten_a', { _id: 'l1' }, ['delete l1'], t0, { $set: { name: '#l1' } });
    expect(removed).toMatchObject({ deletedAt: t0, pendingEvents: ['delete l1'] });
    expect(await audited.findOne('ten_a', { _id: 'l1' })).toBeNull();
    expect(await audited.count('ten_a', {})).toBe(0);
    expect(await audited.remove('ten_a', { _id: 'l1' }, ['again'], t0)).toBeNull();
    await labels.insertOne(label('l2', 'a'));
    await expect(labels.insertOne(label('l3', 'a'))).rejects.toBeInstanceOf(DuplicateKeyError);

    expect(await audited.dropTombstones()).toBe(0);
    const published: string[] = [];
    await audited.announce(removed!, async (e) => void published.push(e));
    expect(published).toEqual(['delete l1']);
    expect(await audited.dropTombstones()).toBe(1);
    expect(await labels.findOne({ _id: 'l1' })).toBeNull();
  });
});
