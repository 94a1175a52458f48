import { ack, type Broker } from '@mailplane/broker';
import type { Envelope } from '@mailplane/contracts';
import { eventually } from '../../../test/support/eventually';
import type { IdentityRecord } from '../src/data-access/identities-repo';
import { dkimRotationRound } from '../src/domain/dkim-rotation/job';
import { mailCluster, type MailCluster, type MailReplica } from './support/replicas';

const DAY_MS = 24 * 3600 * 1000;
// Each proposal makes an RSA-2048 key: a few dozen keep the test short on a small machine.
const IDENTITIES = 12;
let cluster: MailCluster | null = null;
afterEach(async () => {
  await cluster?.stop();
  cluster = null;
});

/** Verified identities whose keys were made `ageDays` ago, none with a rotation pending. */
function oldIdentities(count: number, ageDays: number): IdentityRecord[] {
  const made = new Date(Date.now() - ageDays * DAY_MS);
  return Array.from({ length: count }, (_, i) => ({
    _id: `idn_01rotation${String(i).padStart(12, '0')}`,
    tenantId: `ten_rotation${i % 4}`,
    domain: `d${i}.example.test`,
    selector: 'mp1',
    status: 'verified' as const,
    sealedPrivateKey: 'sealed',
    publicKey: 'AAAA',
    dnsRecords: [
      {
        purpose: 'dkim' as const,
        type: 'TXT' as const,
        name: `mp1._domainkey.d${i}.example.test`,
        value: 'v=DKIM1; k=rsa; p=AAAA',
        status: 'found' as const,
      },
    ],
    createdAt: made,
    verifiedAt: made,
    lastCheckedAt: made,
    pendingEvents: [],
    eventsPending: false,
  }));
}

async function proposalsOn(broker: Broker) {
  const seen: Envelope[] = [];
  await broker.consume(
    `test.rotation.${Math.random().toString(36).slice(2, 8)}`,
    async (event) => {
      seen.push(event);
      return ack();
    },
    { prefetch: 10, bindings: ['identity.dkim_rotation_proposed'] },
  );
  return seen;
}

/** The identities with a rotation pending, in the store the replicas share. */
const pendingCount = async (replica: MailReplica) =>
  (await replica.store.collection<IdentityRecord>('identities').find({})).filter((r) => r.pendingDkim).length;

describe('DKIM rotation proposals with two mail replicas', () => {
  it('when two replicas run the DKIM_ROTATE_DAYS timer, then each old identity gets one pending key and one event', async () => {
    cluster = await mailCluster({ DKIM_ROTATE_DAYS: '30', DKIM_ROTATE_CHECK_MS: '20', JOB_LEASE_MS: '300' });
    const seen = await proposalsOn(cluster.broker);
    const [a, b] = [await cluster.replica(), await cluster.replica()];
    await a.store.collection<IdentityRecord>('identities').insertMany([...oldIdentities(IDENTITIES, 31)]);
    await eventually(async () => seen.length >= IDENTITIES && (await pendingCount(a)) === IDENTITIES, 'every identity proposed', 30_000);
    await a.stop();
    await b.stop();
    expect(new Set(seen.map((e) => e.correlationId)).size).toBe(IDENTITIES);
    expect(seen).toHaveLength(IDENTITIES);
    expect(cluster.lines('dkim rotation proposed')).toHaveLength(IDENTITIES);
  }, 60_000);

  it('when two replicas run a round at the same moment without the lease, then the compare-and-set on the keys still makes one proposal per identity', async () => {
    cluster = await mailCluster();
    const seen = await proposalsOn(cluster.broker);
    const [a, b] = [await cluster.replica(), await cluster.replica()];
    await a.store.collection<IdentityRecord>('identities').insertMany(oldIdentities(IDENTITIES, 31));
    await Promise.all([dkimRotationRound(a.mail.deps, 30)(), dkimRotationRound(b.mail.deps, 30)()]);
    expect(await pendingCount(a)).toBe(IDENTITIES);
    expect(cluster.lines('dkim rotation proposed')).toHaveLength(IDENTITIES);
    await eventually(async () => seen.length >= IDENTITIES, 'every proposal published');
    expect(seen).toHaveLength(IDENTITIES);
  }, 60_000);

  it('when an identity key is younger than DKIM_ROTATE_DAYS, then nothing is proposed', async () => {
    cluster = await mailCluster();
    const [a] = [await cluster.replica()];
    await a.store.collection<IdentityRecord>('identities').insertMany(oldIdentities(3, 29));
    await dkimRotationRound(a.mail.deps, 30)();
    expect(await pendingCount(a)).toBe(0);
  });
});
