import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

const atMta = (id: string) => platform.sandbox.sink.messages().filter((m) => headerOf(m, 'X-Mailplane-Message-Id') === id).length;

describe('batch sends', () => {
  it('when 100 emails are sent in one batch, then each answers in order, the accepted ones all reach the MTA and the refused one alone is refused', async () => {
    const t = await tenantWithDomain(platform);
    const other = await tenantWithDomain(platform);
    const emails = Array.from({ length: 100 }, (_, i) => ({
      from: `a@${t.domain}`,
      to: [`r${i}@example.org`],
      subject: `batch ${i}`,
      text: `email ${i}`,
    }));
    emails[7] = { ...emails[7], from: `a@${other.domain}` };
    const res = await request(platform.url).post('/emails/batch').set(auth(t.key)).send(emails).expect(202);
    expectContract(res, 'sendEmailBatch');
    expect(res.body.data).toHaveLength(100);
    expect(res.body.data[7]).toEqual({ error: expect.objectContaining({ code: 'identity_unverified', status: 400 }) });
    const accepted = res.body.data.filter((r: { id?: string }) => r.id) as { id: string; status: string }[];
    expect(accepted).toHaveLength(99);
    expect(new Set(accepted.map((r) => r.id)).size).toBe(99);
    expect(accepted.every((r) => r.status === 'queued')).toBe(true);

    await eventually(async () => accepted.every((r) => atMta(r.id) === 1), 'every accepted email at the MTA', 30_000);
    const third = platform.sandbox.sink.messages().find((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.data[3].id);
    expect(third?.subject).toBe('batch 3');
    expect(third?.envelope.to).toEqual(['r3@example.org']);
    const list = await request(platform.url).get('/emails').query({ limit: 1 }).set(auth(t.key));
    expect(list.body.total).toBe(99);
    expect((await request(platform.url).get('/billing/state').set(auth(t.key))).body.usage.used).toBe(99);
  });

  it('when a batch is retried with its Idempotency-Key, then the same answer comes back and nothing more is stored', async () => {
    const t = await tenantWithDomain(platform);
    const emails = [
      { from: `a@${t.domain}`, to: 'x@example.org', subject: 'one', text: 'x' },
      {
        from: `a@${t.domain}`,
        to: 'y@example.org',
        cc: ['z@example.org'],
        subject: 'two',
        text: 'x',
        scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      { from: 'a@unknown.example.test', to: 'y@example.org', subject: 'refused', text: 'x' },
    ];
    const first = await request(platform.url)
      .post('/emails/batch')
      .set(auth(t.key))
      .set('Idempotency-Key', 'batch-1')
      .send(emails)
      .expect(202);
    expect(first.body.data.map((r: { status?: string; error?: { code: string } }) => r.status ?? r.error?.code)).toEqual([
      'queued',
      'scheduled',
      'identity_unverified',
    ]);
    const retry = await request(platform.url)
      .post('/emails/batch')
      .set(auth(t.key))
      .set('Idempotency-Key', 'batch-1')
      .send(emails)
      .expect(202);
    expectContract(retry, 'sendEmailBatch');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(2);
  });
});
