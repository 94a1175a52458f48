import { dkimVerify } from 'mailauth';
import { startSmtpSink, type SmtpSink } from '../../../sandbox/smtp-sink';
import { generateDkimKeyPair, dkimTxtValue, txtChunks } from '../src/dkim/keys';
import type { TransmitJob } from '../src/transmit/transmitter';
import { createLocalTransmitter } from '../src/transmit/local-transmitter';
import type { Transmitter } from '../src/transmit/transmitter';
import { createThreadedTransmitter } from '../src/transmit/threaded-transmitter';
import { createLogger } from '@mailplane/runtime';
import { eventually } from '../../../test/support/eventually';

const DOMAIN = 'threads.example.com';
const zone = new Map<string, string>();
const resolver = async (name: string) => {
  const value = zone.get(name.toLowerCase());
  if (value) return [txtChunks(value)];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

let sink: SmtpSink;
let privateKeyPem: string;

beforeAll(async () => {
  const key = await generateDkimKeyPair();
  privateKeyPem = key.privateKeyPem;
  zone.set(`mp1._domainkey.${DOMAIN}`, dkimTxtValue(key.publicKeyBase64));
  sink = await startSmtpSink({
    verifyDkim: async (raw) => {
      const [result] = (await dkimVerify(raw, { resolver })).results;
      return { result: result.status.result, domain: result.signingDomain ?? null, selector: result.selector ?? null };
    },
  });
});
afterAll(() => sink.stop());
afterEach(() => sink.behaviour.reset());

const job = (n: number, change: Partial<TransmitJob['render']> = {}): TransmitJob => ({
  render: {
    from: `Shop <hello@${DOMAIN}>`,
    to: `buyer${n}@recipient.example`,
    subject: `Order ${n}`,
    text: `Thanks for order ${n}.`,
    messageId: `msg_01transmit${String(n).padStart(16, '0')}`,
    sendingDomain: DOMAIN,
    date: new Date(),
    listUnsubscribeUrl: 'https://mailplane.example/unsubscribe?token=t',
    ...change,
  },
  dkim: { domain: DOMAIN, selector: 'mp1', privateKeyPem: '' },
  envelopes: [{ from: `hello@${DOMAIN}`, to: [`buyer${n}@recipient.example`] }],
});
const signedJob = (n: number, change?: Partial<TransmitJob['render']>) => {
  const j = job(n, change);
  j.dkim.privateKeyPem = privateKeyPem;
  return j;
};

describe.each([
  ['on the event loop', () => createLocalTransmitter({ url: `smtp://127.0.0.1:${sink.port}`, poolSize: 2 })],
  [
    'on two worker threads',
    () => createThreadedTransmitter(2, { url: `smtp://127.0.0.1:${sink.port}`, poolSize: 2 }, createLogger({ level: 'silent' })),
  ],
])('transmitting %s', (_where, create) => {
  let transmitter: Transmitter;
  beforeAll(() => {
    transmitter = create();
  });
  afterAll(() => transmitter.close());

  it('when 20 jobs go at once, then each arrives once at the MTA, passes DKIM, and they share the pool of 2 connections', async () => {
    sink.clear();
    const results = await Promise.all(Array.from({ length: 20 }, (_, n) => transmitter.transmit(signedJob(n))));
    expect(results.map((r) => r.outcome)).toEqual(Array(20).fill('sent'));
    expect(results[0].smtpCode).toBe(250);
    const received = sink.messages();
    expect(received.map((m) => m.subject).sort()).toEqual(Array.from({ length: 20 }, (_, n) => `Order ${n}`).sort());
    expect(received.every((m) => m.dkim?.result === 'pass' && m.dkim.domain === DOMAIN)).toBe(true);
    expect(sink.connections()).toBeLessThanOrEqual(2);
  });

  it('when the MTA answers 4xx or 5xx, then the outcome is temporary or permanent with its code', async () => {
    sink.behaviour.failNext(1, { code: 451, message: 'try later' });
    expect(await transmitter.transmit(signedJob(100))).toMatchObject({ outcome: 'temporary', smtpCode: 451 });
    sink.behaviour.failNext(1, { code: 550, message: 'no such user' });
    expect(await transmitter.transmit(signedJob(101))).toMatchObject({ outcome: 'permanent', smtpCode: 550 });
  });

  it('when every connection is busy, then a job waits for one while its window is open, and one whose window closed is not relayed', async () => {
    sink.clear();
    sink.holdReplies(true);
    try {
      const busy = [200, 201].map((n) => transmitter.transmit(signedJob(n)));
      await eventually(() => sink.held().length === 2, 'both connections in a transaction');
      const waiting = transmitter.transmit({ ...signedJob(202), openWithinMs: 60_000 });
      const late = transmitter.transmit({ ...signedJob(203), openWithinMs: 0 });
      sink.holdReplies(false);
      expect(await late).toMatchObject({ outcome: 'not-begun', smtpCode: null });
      expect(await waiting).toMatchObject({ outcome: 'sent', smtpCode: 250 });
      expect((await Promise.all(busy)).map((r) => r.outcome)).toEqual(['sent', 'sent']);
      expect(
        sink
          .messages()
          .map((m) => m.subject)
          .sort(),
      ).toEqual(['Order 200', 'Order 201', 'Order 202']);
    } finally {
      sink.holdReplies(false);
    }
  });

  it('when the message cannot be rendered or signed, then it fails permanently and nothing is relayed', async () => {
    const before = sink.count();
    const reserved = await transmitter.transmit(signedJob(102, { headers: { 'DKIM-Signature': 'v=1' } }));
    expect(reserved).toMatchObject({ outcome: 'permanent', smtpCode: null });
    expect(reserved.response).toMatch(/^rendering failed: /);
    const unsigned = await transmitter.transmit(job(103));
    expect(unsigned).toMatchObject({ outcome: 'permanent', smtpCode: null, response: expect.stringMatching(/private key/) });
    expect(sink.count()).toBe(before);
  });
});
