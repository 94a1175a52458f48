import { leaseOn, replicaRegistry } from '@mailplane/store';
import { eventually } from '../../../test/support/eventually';
import type { MessageRecord } from '../src/data-access/messages-repo';
import { OUTBOX_SWEEP_JOB } from '../src/domain/delivery/outbox-sweep';
import { messageRecord } from './support/message-fixture';
import { mailCluster, type MailCluster, type MailReplica } from './support/replicas';

const LEASE_MS = 1000;
let cluster: MailCluster | null = null;
afterEach(async () => {
  await cluster?.stop();
  cluster = null;
});

const messagesOf = (replica: MailReplica) => replica.store.collection<MessageRecord>('messages');
const live = (replica: MailReplica, ids: string[]) =>
  messagesOf(replica).count({ _id: { $in: ids }, status: { $in: ['queued', 'deferred'] } });

describe('mail background jobs when a replica dies', () => {
  it('when the sweep holder died mid-round, then another replica takes the sweep over once its lease runs out, not before', async () => {
    cluster = await mailCluster({ OUTBOX_SWEEP_MS: '50', JOB_LEASE_MS: String(LEASE_MS) });
    const replica = await cluster.replica();
    // What a killed holder leaves: its lease, running, and messages it had not yet put on the queue.
    const diedAt = Date.now();
    await leaseOn(replica.store, OUTBOX_SWEEP_JOB, { holder: 'dead-host:1:0', ttlMs: LEASE_MS }).acquire();
    const stale = new Date(diedAt - 10_000);
    const records = Array.from({ length: 20 }, () => messageRecord(stale, 'queued', { dispatchedAt: null, identityId: 'idn_gone' }));
    await messagesOf(replica).insertMany(records);
    const ids = records.map((r) => r._id);
    const swept = () => cluster!.lines('outbox sweep put messages on the queue again');
    await eventually(() => swept().length > 0, 'the messages put on the queue', 10_000);
    const sweptAt = swept()[0].time as string;
    expect(Date.parse(sweptAt) - diedAt).toBeGreaterThanOrEqual(LEASE_MS - 50);
    await eventually(async () => (await live(replica, ids)) === 0, 'the messages taken up', 10_000);
  });

  it('when a replica died before its broker confirmed what it dispatched, then another puts those messages on the queue once its record runs out', async () => {
    cluster = await mailCluster({ OUTBOX_SWEEP_MS: '50', JOB_LEASE_MS: String(LEASE_MS), OUTBOX_REDISPATCH_MS: '600000' });
    const replica = await cluster.replica();
    const dead = replicaRegistry(replica.store, { holder: 'dead-host:2:0', ttlMs: LEASE_MS });
    await dead.heartbeat();
    // Accepted by the dead replica just now (expected off the queue at once), its work items never confirmed.
    const now = new Date();
    const records = Array.from({ length: 20 }, () => messageRecord(now, 'queued', { dispatchedBy: dead.holder, identityId: 'idn_gone' }));
    await messagesOf(replica).insertMany(records);
    const ids = records.map((r) => r._id);
    // Well inside the ten minutes after which a message off the queue is re-sent anyway.
    const found = () => cluster!.lines('a replica died: its recent dispatches are on the queue again');
    await eventually(() => found().length > 0, 'the dead replica found', 10_000);
    expect(found()).toEqual([expect.objectContaining({ replica: dead.holder, messages: 20 })]);
    await eventually(async () => (await live(replica, ids)) === 0, 'the dead replica’s messages taken up', 10_000);
  });

  it('when a replica starts beside a running one on the same queues, then it puts nothing on the queue again', async () => {
    cluster = await mailCluster({ OUTBOX_SWEEP_MS: '50', OUTBOX_REDISPATCH_MS: '600000' });
    const first = await cluster.replica();
    // On the queue (dispatched and confirmed a moment ago), waiting for a worker.
    const dispatchedAt = new Date(Date.now() - 1000);
    const records = Array.from({ length: 50 }, () => messageRecord(dispatchedAt, 'queued', { identityId: 'idn_gone' }));
    await messagesOf(first).insertMany(records);
    const second = await cluster.replica();
    const untouched = await messagesOf(second).count({ _id: { $in: records.map((r) => r._id) }, status: 'queued', dispatchedAt });
    expect(untouched).toBe(records.length);
  });
});
