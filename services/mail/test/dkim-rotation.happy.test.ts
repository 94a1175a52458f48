import request from 'supertest';
import { validateMessage } from '@mailplane/contracts';
import { expectContract } from '../../../test/support/contract';
import { engineEnv, storeEngines } from '../../../test/support/engines';
import { collectEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth, dkimVerdicts as verdicts, headerOf, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { startPlatformOn, travellingClock } from '../../../test/support/travelling-platform';

type DnsRecord = {
  purpose: string;
  name: string;
  value: string;
  status: string;
  keyState?: string;
  algorithm?: string;
  removableAfter?: string;
};
type Tenant = Awaited<ReturnType<typeof tenantWithDomain>>;
const DAY_MS = 24 * 3600 * 1000;

const dkimRecords = (body: { dnsRecords: DnsRecord[] }) => body.dnsRecords.filter((r) => r.purpose === 'dkim');
const publish = (platform: TestPlatform, record: { name: string; value: string }) =>
  platform.sandbox.dns.setTxt(record.name, [record.value]);

async function sendOne(platform: TestPlatform, t: Tenant, subject: string) {
  const res = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `news@${t.domain}`, to: 'ana@example.org', subject, text: 'Hello' })
    .expect(202);
  return platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id, 10_000);
}

describe('DKIM key rotation and Ed25519', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  });
  afterAll(() => platform.stop());

  it('when a key is rotated, then mail is signed with the old key until verify finds the new record, then with the new one, and the old record is listed as removable in 7 days', async () => {
    const t = await tenantWithDomain(platform);
    const old = dkimRecords(t.identity as never)[0] as DnsRecord;

    const rotated = await request(platform.url).post(`/identities/${t.identity.id}/dkim/rotate`).set(auth(t.key));
    expect(rotated.status).toBe(200);
    expectContract(rotated, 'rotateDkimKey');
    expect(rotated.body.selector).toBe('mp1');
    expect(dkimRecords(rotated.body).map((r) => [r.name, r.keyState, r.status])).toEqual([
      [`mp1._domainkey.${t.domain}`, 'current', 'found'],
      [`mp2._domainkey.${t.domain}`, 'pending', 'unchecked'],
    ]);
    const next = dkimRecords(rotated.body)[1];
    expect(next.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(next.value).not.toBe(old.value);

    // Not yet published: still the old key, whose record is.
    const before = await sendOne(platform, t, 'before the switch');
    expect(await verdicts(before.raw, [old])).toEqual([['rsa-sha256', 'mp1', 'pass']]);

    // Verified before publishing: nothing switches.
    const early = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);
    expect(early.body.selector).toBe('mp1');
    expect(dkimRecords(early.body).map((r) => [r.keyState, r.status])).toEqual([
      ['current', 'found'],
      ['pending', 'missing'],
    ]);

    publish(platform, next);
    const switchedAt = Date.now();
    const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key));
    expectContract(verified, 'verifyIdentity');
    expect(verified.body).toMatchObject({ status: 'verified', selector: 'mp2' });
    const [retiring, current] = dkimRecords(verified.body);
    expect(current).toMatchObject({ name: next.name, keyState: 'current', status: 'found' });
    expect(retiring).toMatchObject({ name: old.name, keyState: 'retiring' });
    const removable = new Date(retiring.removableAfter as string).getTime();
    expect(removable).toBeGreaterThanOrEqual(switchedAt + 7 * DAY_MS - 1000);
    expect(removable).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);

    // Only the new record needed: mailauth finds no other key.
    const after = await sendOne(platform, t, 'after the switch');
    expect(await verdicts(after.raw, [next])).toEqual([['rsa-sha256', 'mp2', 'pass']]);
    // The old record still listed while mail signed with it may be in flight.
    const read = await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key)).expect(200);
    expect(dkimRecords(read.body).map((r) => r.keyState)).toEqual(['retiring', 'current']);
  });

  it('when Ed25519 is added, then its k=ed25519 record is pending, and once verify finds it every message carries an RSA and an Ed25519 signature that mailauth passes', async () => {
    const t = await tenantWithDomain(platform);
    const rsa = dkimRecords(t.identity as never)[0] as DnsRecord;
    const patched = await request(platform.url)
      .patch(`/identities/${t.identity.id}`)
      .set(auth(t.key))
      .send({ dkimAlgorithms: ['rsa-sha256', 'ed25519-sha256'] });
    expect(patched.status).toBe(200);
    expectContract(patched, 'updateIdentity');
    expect(patched.body.dkimAlgorithms).toEqual(['rsa-sha256', 'ed25519-sha256']);
    const ed = dkimRecords(patched.body).find((r) => r.algorithm === 'ed25519-sha256') as DnsRecord;
    expect(ed).toMatchObject({ name: `mp1-ed25519._domainkey.${t.domain}`, keyState: 'pending', status: 'unchecked' });
    const p = /^v=DKIM1; k=ed25519; p=([A-Za-z0-9+/=]+)$/.exec(ed.value)?.[1] as string;
    expect(Buffer.from(p, 'base64')).toHaveLength(32);

    // Until its record is found, RSA alone.
    const unpublished = await sendOne(platform, t, 'before ed25519');
    expect(await verdicts(unpublished.raw, [rsa])).toEqual([['rsa-sha256', 'mp1', 'pass']]);

    publish(platform, ed);
    const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);
    expect(dkimRecords(verified.body).map((r) => [r.algorithm, r.keyState, r.status])).toEqual([
      ['rsa-sha256', 'current', 'found'],
      ['ed25519-sha256', 'current', 'found'],
    ]);
    const both = await sendOne(platform, t, 'signed twice');
    expect(both.raw.toString('latin1').match(/^DKIM-Signature: v=1; a=[a-z0-9-]+/gm)).toEqual([
      'DKIM-Signature: v=1; a=rsa-sha256',
      'DKIM-Signature: v=1; a=ed25519-sha256',
    ]);
    expect(await verdicts(both.raw, [rsa, ed])).toEqual([
      ['rsa-sha256', 'mp1', 'pass'],
      ['ed25519-sha256', 'mp1-ed25519', 'pass'],
    ]);

    // Removed again: the key and its record go, RSA signs alone.
    const removed = await request(platform.url)
      .patch(`/identities/${t.identity.id}`)
      .set(auth(t.key))
      .send({ dkimAlgorithms: ['rsa-sha256'] })
      .expect(200);
    expect(dkimRecords(removed.body).map((r) => r.algorithm)).toEqual(['rsa-sha256']);
    const rsaOnly = await sendOne(platform, t, 'rsa again');
    expect(await verdicts(rsaOnly.raw, [rsa, ed])).toEqual([['rsa-sha256', 'mp1', 'pass']]);
  });

  it('when mail is sent all through a rotation, then every delivered message verifies with the records published (0 bad signatures)', async () => {
    const t = await tenantWithDomain(platform);
    const old = dkimRecords(t.identity as never)[0] as DnsRecord;
    const rotated = await request(platform.url).post(`/identities/${t.identity.id}/dkim/rotate`).set(auth(t.key)).expect(200);
    const next = dkimRecords(rotated.body)[1];
    const ids: string[] = [];
    let sending = true;
    const sender = (async () => {
      while (sending) {
        const res = await sendEmail(platform, t, {
          from: `news@${t.domain}`,
          to: `r${ids.length}@example.org`,
          subject: 'during',
          text: 'Hello',
        }).expect(202);
        ids.push(res.body.id);
      }
    })();
    await eventually(async () => ids.length >= 20, 'mail sent before the switch', 10_000);
    publish(platform, next);
    await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);
    const switchedAt = ids.length;
    await eventually(async () => ids.length >= switchedAt + 20, 'mail sent after the switch', 10_000);
    sending = false;
    await sender;
    const received = await Promise.all(
      ids.map((id) => platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 20_000)),
    );
    const results = await Promise.all(received.map(async (m) => (await verdicts(m.raw, [old, next]))[0]));
    expect(results.filter((r) => r[2] !== 'pass')).toEqual([]);
    const selectors = new Set(results.map((r) => r[1]));
    expect(selectors).toEqual(new Set(['mp1', 'mp2']));
  }, 60_000);

  it('when the Ed25519 key is rotated, then its new k=ed25519 record is pending under the next selector, mail carries the old Ed25519 signature until verify finds it, then the new one, and the old record is retiring', async () => {
    const t = await tenantWithDomain(platform);
    const rsa = dkimRecords(t.identity as never)[0] as DnsRecord;
    const patched = await request(platform.url)
      .patch(`/identities/${t.identity.id}`)
      .set(auth(t.key))
      .send({ dkimAlgorithms: ['rsa-sha256', 'ed25519-sha256'] })
      .expect(200);
    const oldEd = dkimRecords(patched.body).find((r) => r.algorithm === 'ed25519-sha256') as DnsRecord;
    publish(platform, oldEd);
    await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);

    const rotated = await request(platform.url)
      .post(`/identities/${t.identity.id}/dkim/rotate`)
      .set(auth(t.key))
      .send({ algorithm: 'ed25519-sha256' });
    expect(rotated.status).toBe(200);
    expectContract(rotated, 'rotateDkimKey');
    expect(dkimRecords(rotated.body).map((r) => [r.name, r.algorithm, r.keyState])).toEqual([
      [`mp1._domainkey.${t.domain}`, 'rsa-sha256', 'current'],
      [`mp1-ed25519._domainkey.${t.domain}`, 'ed25519-sha256', 'current'],
      [`mp2-ed25519._domainkey.${t.domain}`, 'ed25519-sha256', 'pending'],
    ]);
    const newEd = dkimRecords(rotated.body)[2];
    expect(newEd.value).toMatch(/^v=DKIM1; k=ed25519; p=[A-Za-z0-9+/=]{44}$/);
    expect(newEd.value).not.toBe(oldEd.value);

    const before = await sendOne(platform, t, 'before the ed25519 switch');
    expect(await verdicts(before.raw, [rsa, oldEd])).toEqual([
      ['rsa-sha256', 'mp1', 'pass'],
      ['ed25519-sha256', 'mp1-ed25519', 'pass'],
    ]);

    publish(platform, newEd);
    const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key));
    expectContract(verified, 'verifyIdentity');
    // The RSA key is untouched: the two rotate apart.
    expect(verified.body.selector).toBe('mp1');
    expect(dkimRecords(verified.body).map((r) => [r.name, r.keyState])).toEqual([
      [`mp1._domainkey.${t.domain}`, 'current'],
      [`mp1-ed25519._domainkey.${t.domain}`, 'retiring'],
      [`mp2-ed25519._domainkey.${t.domain}`, 'current'],
    ]);
    expect(new Date(dkimRecords(verified.body)[1].removableAfter as string).getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);

    // Only the new Ed25519 record needed.
    const after = await sendOne(platform, t, 'after the ed25519 switch');
    expect(await verdicts(after.raw, [rsa, newEd])).toEqual([
      ['rsa-sha256', 'mp1', 'pass'],
      ['ed25519-sha256', 'mp2-ed25519', 'pass'],
    ]);
  });

  it('when a pending rotation is cancelled, then its record leaves the list, the current key signs on, and a new rotation may start', async () => {
    const t = await tenantWithDomain(platform);
    const current = dkimRecords(t.identity as never)[0] as DnsRecord;
    const rotated = await request(platform.url).post(`/identities/${t.identity.id}/dkim/rotate`).set(auth(t.key)).expect(200);
    const pending = dkimRecords(rotated.body)[1];
    // Published, even: a cancel before the verify that would switch leaves the current key in place.
    publish(platform, pending);

    const cancelled = await request(platform.url).delete(`/identities/${t.identity.id}/dkim/rotate`).set(auth(t.key));
    expect(cancelled.status).toBe(200);
    expectContract(cancelled, 'cancelDkimRotation');
    expect(cancelled.body.selector).toBe('mp1');
    expect(dkimRecords(cancelled.body).map((r) => [r.name, r.keyState])).toEqual([[current.name, 'current']]);

    const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);
    expect(verified.body).toMatchObject({ status: 'verified', selector: 'mp1' });
    const sent = await sendOne(platform, t, 'after the cancel');
    expect(await verdicts(sent.raw, [current])).toEqual([['rsa-sha256', 'mp1', 'pass']]);

    const again = await request(platform.url).post(`/identities/${t.identity.id}/dkim/rotate`).set(auth(t.key)).expect(200);
    const next = dkimRecords(again.body)[1];
    expect(next).toMatchObject({ keyState: 'pending' });
    expect(next.value).not.toBe(pending.value);
  });
});

describe.each(storeEngines())('DKIM_ROTATE_DAYS, stores on %s', (engine) => {
  const clock = travellingClock();
  let platform: TestPlatform;
  let events: Awaited<ReturnType<typeof collectEvents>>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const stores = await engineEnv(engine);
    drop = stores.drop;
    platform = await startPlatformOn(clock, { ...stores.env, DKIM_ROTATE_DAYS: '90', DKIM_ROTATE_CHECK_MS: '50' });
    events = await collectEvents(platform, ['identity.*']);
  }, 60_000);
  afterAll(async () => {
    await events.stop();
    await platform.stop();
    await drop();
  });

  it('when an identity key gets older than DKIM_ROTATE_DAYS, then a rotation is proposed: a pending key, its record listed, identity.dkim_rotation_proposed', async () => {
    const t = await tenantWithDomain(platform);
    clock.travelDays(91);
    await eventually(
      async () => events.seen.some((e) => e.type === 'identity.dkim_rotation_proposed' && e.tenantId === t.tenantId),
      'proposal',
    );
    const proposal = events.seen.find((e) => e.type === 'identity.dkim_rotation_proposed' && e.tenantId === t.tenantId)!;
    expect(validateMessage(proposal)).toEqual([]);
    expect(proposal.data).toMatchObject({ identityId: t.identity.id, domain: t.domain, selector: 'mp2', currentSelector: 'mp1' });
    const read = await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key)).expect(200);
    expect(dkimRecords(read.body).map((r) => [r.name, r.keyState])).toEqual([
      [`mp1._domainkey.${t.domain}`, 'current'],
      [`mp2._domainkey.${t.domain}`, 'pending'],
    ]);
    // Its new record published and verified: the rotation completes, and the new key's age starts over.
    publish(platform, dkimRecords(read.body)[1]);
    const verified = await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);
    expect(verified.body.selector).toBe('mp2');
  });

  it('when the old key belongs to an identity that signs Ed25519, then the proposal rotates both keys: two pending records, both selectors in the event', async () => {
    const t = await tenantWithDomain(platform);
    const patched = await request(platform.url)
      .patch(`/identities/${t.identity.id}`)
      .set(auth(t.key))
      .send({ dkimAlgorithms: ['rsa-sha256', 'ed25519-sha256'] })
      .expect(200);
    publish(platform, dkimRecords(patched.body)[1]);
    await request(platform.url).post(`/identities/${t.identity.id}/verify`).set(auth(t.key)).expect(200);
    clock.travelDays(91);
    const proposed = () => events.seen.find((e) => e.type === 'identity.dkim_rotation_proposed' && e.tenantId === t.tenantId);
    await eventually(async () => !!proposed(), 'proposal');
    expect(validateMessage(proposed()!)).toEqual([]);
    expect(proposed()!.data).toMatchObject({ selector: 'mp2', currentSelector: 'mp1', ed25519Selector: 'mp2-ed25519' });
    const read = await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key)).expect(200);
    expect(dkimRecords(read.body).map((r) => [r.name, r.keyState])).toEqual([
      [`mp1._domainkey.${t.domain}`, 'current'],
      [`mp1-ed25519._domainkey.${t.domain}`, 'current'],
      [`mp2._domainkey.${t.domain}`, 'pending'],
      [`mp2-ed25519._domainkey.${t.domain}`, 'pending'],
    ]);
  });
});
