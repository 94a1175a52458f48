import request from 'supertest';
import type { IdentityRecord } from '../src/data-access/identities-repo';
import type { MessageRecord } from '../src/data-access/messages-repo';
import { createJobMaker } from '../src/domain/delivery/build-job';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, expectEachToSendNothing, headerOf, tenantWithDomain } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

// BOUNCE_DOMAIN unset, as in the distributed default: the envelope sender is the From address itself.
const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000', BOUNCE_DOMAIN: '' });
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
beforeAll(async () => {
  t = await tenantWithDomain(platform);
});

const valid = () => ({ from: `Me <me@${t.domain}>`, to: 'b@example.org', subject: 'hi', text: 'x' });

// Display names that would be shown in place of the address, or hide another address from a second parser.
const SPOOFING_NAMES = [
  '"<billing@other.example>"',
  '"billing@other.example"',
  '"Billing <billing@other.example>"',
  '"billing\uff20other.example"',
  '"=?utf-8?B?YmlsbGluZ0BvdGhlci5leGFtcGxl?="',
];

describe('a display name cannot pose as an address', () => {
  expectEachToSendNothing(
    () => platform,
    () => t.key,
  );

  it.each(SPOOFING_NAMES)('when the From display name is %s, then 400 unsafe_display_name at /body/from', async (name) => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), from: `${name} <me@${t.domain}>` });
    expectProblem(res, 400, 'unsafe_display_name', 'sendEmail');
    expect(res.body.errors).toEqual([{ path: '/body/from', message: expect.any(String) }]);
  });

  it.each([
    ['replyTo', { replyTo: '"ceo@other.example" <help@example.org>' }, '/body/replyTo'],
    ['to', { to: '"admin@other.example" <b@example.org>' }, '/body/to'],
    ['one of to', { to: ['b@example.org', '"<x@other.example>" <c@example.org>'] }, '/body/to/1'],
    ['cc', { cc: '"x@other.example" <c@example.org>' }, '/body/cc'],
    ['bcc', { bcc: ['"x@other.example" <c@example.org>'] }, '/body/bcc/0'],
  ])('when the display name of %s holds an address, then 400 unsafe_display_name naming it', async (_field, fields, path) => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), ...fields });
    expectProblem(res, 400, 'unsafe_display_name', 'sendEmail');
    expect(res.body.errors).toEqual([{ path, message: expect.any(String) }]);
  });

  it('when the test send names a recipient whose display name holds an address, then 400 unsafe_display_name at /body/to', async () => {
    const res = await request(platform.url).post('/emails/test').set(auth(t.key)).send({ to: '"ceo@other.example" <b@example.org>' });
    expectProblem(res, 400, 'unsafe_display_name', 'sendTestEmail');
    expect(res.body.errors).toEqual([{ path: '/body/to', message: expect.any(String) }]);
  });

  it.each([
    ['from', { from: `Me\r\n <me@DOMAIN>` }, '/body/from'],
    ['from', { from: `"Me\r\nBcc: x@other.example" <me@DOMAIN>` }, '/body/from'],
    ['replyTo', { replyTo: 'Help\n <help@example.org>' }, '/body/replyTo'],
    ['to', { to: 'B\r\n <b@example.org>' }, '/body/to'],
    ['cc', { cc: ['c@example.org', 'C\n\t<c2@example.org>'] }, '/body/cc/1'],
    ['bcc', { bcc: 'D\r <d@example.org>' }, '/body/bcc'],
    ['subject', { subject: 'hi\r\nBcc: x@other.example' }, '/body/subject'],
    ['a header value', { headers: { 'X-Note': 'a\r\nBcc: x@other.example' } }, '/body/headers/X-Note'],
  ])('when %s carries CR or LF, then 400 validation_failed naming it', async (_field, fields, path) => {
    const body = JSON.parse(JSON.stringify({ ...valid(), ...fields }).replaceAll('DOMAIN', t.domain));
    const res = await request(platform.url).post('/emails').set(auth(t.key)).send(body);
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it.each([
    [{ to: 'B\r\n <b@example.org>' }, '/body/to'],
    [{ to: 'b@example.org', subject: 'hi\nthere' }, '/body/subject'],
  ])('when the test send carries CR or LF in %j, then 400 validation_failed naming it', async (body, path) => {
    const res = await request(platform.url).post('/emails/test').set(auth(t.key)).send(body);
    expectProblem(res, 400, 'validation_failed', 'sendTestEmail');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});

describe('a batch refuses only the email that poses', () => {
  it('when one email of a batch has a From display name holding an address, then that email alone is refused and the others are sent', async () => {
    const emails = [0, 1, 2].map((i) => ({ ...valid(), to: `r${i}@example.org` }));
    emails[1] = { ...emails[1], from: `"billing@other.example" <me@${t.domain}>` };
    const res = await request(platform.url).post('/emails/batch').set(auth(t.key)).send(emails);
    expect(res.status).toBe(202);
    expectContract(res, 'sendEmailBatch');
    expect(res.body.data[1].error).toMatchObject({
      code: 'unsafe_display_name',
      status: 400,
      errors: [{ path: '/body/1/from', message: expect.any(String) }],
    });
    expect(res.body.data[0].status).toBe('queued');
    expect(res.body.data[2].status).toBe('queued');
  });
});

describe('the envelope sender is the parsed address', () => {
  it('when the From has a display name, then MAIL FROM is its address and the From header shows the name as given', async () => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ ...valid(), from: `"Doe, Me" <me@${t.domain}>`, replyTo: 'Help Desk <help@example.org>' })
      .expect(202);
    const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
    expect(received.envelope.from).toBe(`me@${t.domain}`);
    expect(headerOf(received, 'From')).toBe(`"Doe, Me" <me@${t.domain}>`);
    expect(headerOf(received, 'Reply-To')).toBe('Help Desk <help@example.org>');
  });
});

describe('a message stored before the display-name rule', () => {
  it('when its From display name holds another address, then its envelope sender and From header carry the parsed address', () => {
    const jobFor = createJobMaker(
      () => 'opened key',
      () => 'https://mailplane.example/unsubscribe?token=t',
    );
    const message = {
      _id: 'msg_01storedbeforetherule00000',
      from: '"<billing@other.example>" <me@mine.example>',
      to: 'b@example.org',
      replyTo: null,
      subject: 's',
      headers: {},
      attempts: [],
      status: 'sending',
      createdAt: new Date(),
    } as unknown as MessageRecord;
    const identity = { _id: 'idn_1', domain: 'mine.example', selector: 'mp1', sealedPrivateKey: 'sealed' } as IdentityRecord;
    const job = jobFor(message, { text: 'x', html: null, attachments: [] }, identity, ['b@example.org']);
    expect(job.envelopes).toEqual([{ from: 'me@mine.example', to: ['b@example.org'] }]);
    expect(job.render.from).toEqual({ name: '<billing@other.example>', address: 'me@mine.example' });
  });
});
