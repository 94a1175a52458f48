import request from 'supertest';
import { simpleParser } from 'mailparser';
import { auth, headerOf, tenantWithDomain, verifyWithPublishedRecord } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

const HTML =
  '<h1>Spring sale</h1><p>Visit <a href="https://shop.example.com/sale">our shop</a> before Friday.</p>' +
  '<img src="https://cdn.example.com/banner.png" alt="banner"><style>p { color: red }</style>';

/** Sends through the gateway and returns what the recipient's MTA received, with the MIME parts' content types in order. */
async function deliver(t: Awaited<ReturnType<typeof tenantWithDomain>>, body: { text?: string; html: string }) {
  const res = await request(platform.url)
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `news@${t.domain}`, to: 'reader@example.org', subject: 'Sale', ...body });
  expect(res.status).toBe(202);
  const received = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === res.body.id);
  const raw = received.raw.toString('latin1');
  const types = [...raw.matchAll(/^Content-Type: ([a-z]+\/[a-z-]+)/gim)].map((m) => m[1].toLowerCase());
  return { received, types, parsed: await simpleParser(received.raw), id: res.body.id as string };
}

describe('the plain-text alternative', () => {
  it('when only HTML is sent, then the MTA receives multipart/alternative with a text part derived from it, and DKIM verifies', async () => {
    const t = await tenantWithDomain(platform);
    const { received, types, parsed } = await deliver(t, { html: HTML });
    expect(types).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    expect(parsed.text).toContain('SPRING SALE');
    expect(parsed.text).toContain('Visit our shop [https://shop.example.com/sale] before Friday.');
    expect(parsed.text).not.toMatch(/banner|color: red/);
    expect(parsed.html).toBe(HTML);
    expect((await verifyWithPublishedRecord(received.raw, t.identity.dnsRecords)).status.result).toBe('pass');
    expect(received.dkim?.result).toBe('pass');
  });

  it('when the sender sends text "" with the HTML, then the message is the HTML alone, signed', async () => {
    const t = await tenantWithDomain(platform);
    const { received, types, id } = await deliver(t, { text: '', html: HTML });
    expect(types).toEqual(['text/html']);
    expect(received.dkim?.result).toBe('pass');
    const read = await request(platform.url).get(`/emails/${id}`).set(auth(t.key));
    expect(read.body.body).toMatchObject({ text: '', html: HTML });
  });

  it('when the sender gives its own text, then that text is the plain-text part, unchanged', async () => {
    const t = await tenantWithDomain(platform);
    const { types, parsed } = await deliver(t, { text: 'Our own words.', html: HTML });
    expect(types).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    expect(parsed.text?.trim()).toBe('Our own words.');
  });
});
