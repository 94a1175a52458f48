import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
let second: Awaited<ReturnType<typeof tenantWithDomain>>;
const ids: string[] = [];
let between: string;

beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  t = await tenantWithDomain(platform);
  const res = await request(platform.url)
    .post('/identities')
    .set(auth(t.key))
    .send({ domain: `mail.${t.domain}` });
  for (const record of res.body.dnsRecords) platform.sandbox.dns.setTxt(record.name, [record.value]);
  await request(platform.url).post(`/identities/${res.body.id}/verify`).set(auth(t.key)).expect(200);
  second = { ...t, domain: `mail.${t.domain}`, identity: res.body };
  const subjects = ['Invoice March', 'Welcome aboard', 'Invoice April', 'Password reset'];
  for (const [i, subject] of subjects.entries()) {
    const from = i === 3 ? `a@${second.domain}` : `a@${t.domain}`;
    const r = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from, to: i === 1 ? 'VIP@Example.org' : `user${i}@example.org`, subject, text: 'x' });
    ids.push(r.body.id);
    // The time filters cut between the second and the third message: they must not share a millisecond.
    if (i === 1) await eventually(() => Date.now() > Date.parse(r.body.createdAt), 'the clock to move past the second message');
    if (i === 2) between = r.body.createdAt;
  }
});
afterAll(() => platform.stop());

const list = (query: string) => request(platform.url).get(`/emails${query}`).set(auth(t.key));
const idsOf = (res: request.Response) => res.body.data.map((m: { id: string }) => m.id);

describe('GET /emails', () => {
  it('when listing, then newest first with total, limit and offset defaults', async () => {
    const res = await list('');
    expectContract(res, 'listEmails');
    expect(idsOf(res)).toEqual([...ids].reverse());
    expect(res.body).toMatchObject({ total: 4, limit: 20, offset: 0 });
  });

  it('when paging, then limit and offset cut the newest-first list', async () => {
    const res = await list('?limit=2&offset=1');
    expect(idsOf(res)).toEqual([ids[2], ids[1]]);
    expect(res.body.total).toBe(4);
  });

  it('when q is given, then subject or recipient match, case-insensitively, with regex characters taken literally', async () => {
    expect(idsOf(await list('?q=invoice'))).toEqual([ids[2], ids[0]]);
    expect(idsOf(await list('?q=vip%40example'))).toEqual([ids[1]]);
    expect(idsOf(await list('?q=.*'))).toEqual([]);
  });

  it('when filtering by identity, status and time, then only matching messages come back', async () => {
    expect(idsOf(await list(`?identityId=${second.identity.id}`))).toEqual([ids[3]]);
    expect(idsOf(await list(`?to=${encodeURIComponent(between)}`))).toEqual([ids[1], ids[0]]);
    expect(idsOf(await list(`?from=${encodeURIComponent(between)}`))).toEqual([ids[3], ids[2]]);
    const created = (await request(platform.url).get(`/emails/${ids[0]}`).set(auth(t.key))).body.createdAt;
    expect(idsOf(await list(`?from=${encodeURIComponent(created)}&to=${encodeURIComponent(between)}`))).toContain(ids[0]);
    expect(idsOf(await list('?status=suppressed'))).toEqual([]);
  });
});
