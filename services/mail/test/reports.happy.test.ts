import request from 'supertest';
import { validateMessage } from '@mailplane/contracts';
import { lateBounce } from '../../../sandbox/smtp-reports';
import { expectContract } from '../../../test/support/contract';
import { sharedEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import { deliverReport } from './support/report-listener';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
const events = sharedEvents(platform, ['email.*']);

const SIM = 'simulator.mailplane.test';
const eventsOf = (id: string) => events.about(id);

async function send(t: { key: string; domain: string }, to: string) {
  const res = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to, subject: 'reported', text: 'x' })
    .expect(202);
  return res.body.id as string;
}

describe('reports after the fact', () => {
  it('when the recipient server bounces a sent message later, then it becomes bounced, the address is suppressed, and email.bounced is published', async () => {
    const t = await tenantWithDomain(platform);
    const id = await send(t, `late-bounce@${SIM}`);
    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);
    expect(received.envelope.from).toMatch(new RegExp(`^bounces\\+${id}-0-[0-9a-z]{3,4}-[0-9a-f]{16}@bounces\\.mailplane\\.test$`));

    const bounced = await waitForStatus(platform.url, t.key, id, 'bounced');
    expectContract(bounced, 'getEmail');
    expect(bounced.body.reports).toEqual([
      {
        kind: 'bounce',
        at: expect.any(String),
        recipient: `late-bounce@${SIM}`,
        status: '5.1.1',
        diagnostic: expect.stringContaining('550 5.1.1'),
      },
    ]);
    const suppression = await request(platform.url)
      .get('/suppressions')
      .query({ q: `late-bounce@${SIM}` })
      .set(auth(t.key));
    expect(suppression.body.data).toEqual([expect.objectContaining({ email: `late-bounce@${SIM}`, reason: 'bounced', messageId: id })]);
    await eventually(async () => eventsOf(id).some((e) => e.type === 'email.bounced'), 'email.bounced');
    const event = eventsOf(id).find((e) => e.type === 'email.bounced')!;
    expect(validateMessage(event)).toEqual([]);
    expect(event.data).toMatchObject({ recipient: `late-bounce@${SIM}`, reportStatus: '5.1.1' });
    const stats = await request(platform.url).get('/stats').query({ days: 1 }).set(auth(t.key));
    expect(stats.body.days[0]).toMatchObject({ sent: 1, bounced: 1 });

    const next = await sendEmail(platform, t, { to: `late-bounce@${SIM}`, subject: 'again' });
    expect(next.body.status).toBe('suppressed');
  });

  it('when a recipient marks the message as spam, then it becomes complained, the address is suppressed, and email.complained is published', async () => {
    const t = await tenantWithDomain(platform);
    const id = await send(t, `complaint@${SIM}`);
    const complained = await waitForStatus(platform.url, t.key, id, 'complained');
    expect(complained.body.reports).toEqual([
      expect.objectContaining({ kind: 'complaint', recipient: `complaint@${SIM}`, status: 'abuse' }),
    ]);
    const suppression = await request(platform.url)
      .get('/suppressions')
      .query({ q: `complaint@${SIM}` })
      .set(auth(t.key));
    expect(suppression.body.data).toEqual([expect.objectContaining({ reason: 'complained' })]);
    await eventually(async () => eventsOf(id).some((e) => e.type === 'email.complained'), 'email.complained');
    expect(validateMessage(eventsOf(id).find((e) => e.type === 'email.complained')!)).toEqual([]);
  });

  it('when the same report arrives twice, then the second changes nothing', async () => {
    const t = await tenantWithDomain(platform);
    const id = await send(t, `late-bounce@${SIM}`);
    await waitForStatus(platform.url, t.key, id, 'bounced');
    const received = platform.sandbox.sink.messages().find((m) => headerOf(m, 'X-Mailplane-Message-Id') === id)!;
    const before = await request(platform.url).get(`/emails/${id}`).set(auth(t.key));
    await deliverReport(platform, received.envelope.from, lateBounce(received.envelope.from, `late-bounce@${SIM}`, received.raw));
    const after = await request(platform.url).get(`/emails/${id}`).set(auth(t.key));
    expect(after.body).toEqual(before.body);
    expect(eventsOf(id).filter((e) => e.type === 'email.bounced')).toHaveLength(1);
  });
});
