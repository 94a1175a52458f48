import { dkimVerify } from 'mailauth';
import { dkimTxtValue, generateDkimKeyPair, txtChunks } from '../src/dkim/keys';
import { renderMime, type RenderInput } from '../src/mime/render';
import { DKIM_SIGNED_HEADERS } from '../src/dkim/signed-headers';
import { createDkimSigner, type DkimIdentity } from '../src/dkim/signer';

const DOMAIN = 'send.example.com';
const zone = new Map<string, string>();
// mailauth, independent of our signer, reading the key from this zone.
const resolver = async (name: string, rrtype: string): Promise<string[][]> => {
  const value = zone.get(name.toLowerCase());
  if (rrtype === 'TXT' && value) return [txtChunks(value)];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};
const verdict = async (signed: string) => (await dkimVerify(Buffer.from(signed), { resolver })).results[0].status.result;

let identity: DkimIdentity;
beforeAll(async () => {
  const key = await generateDkimKeyPair();
  identity = { domain: DOMAIN, selector: 'mp1', privateKeyPem: key.privateKeyPem };
  zone.set(`mp1._domainkey.${DOMAIN}`, dkimTxtValue(key.publicKeyBase64));
});
const signer = createDkimSigner();

const message = (overrides: Partial<RenderInput> = {}): RenderInput => ({
  from: { name: 'Shop', address: `hello@${DOMAIN}` },
  to: [{ name: 'Ana', address: 'ana@recipient.example' }],
  subject: 'Your receipt',
  text: 'Thanks for your order.',
  messageId: 'msg_01securitytest',
  sendingDomain: DOMAIN,
  date: new Date('2026-01-02T03:04:05Z'),
  ...overrides,
});
// Everything the renderer can put in: Cc, Reply-To, the List-Unsubscribe pair, a single part (a top-level encoding).
const full = () =>
  message({
    cc: [{ name: 'Bo', address: 'bo@recipient.example' }],
    replyTo: { name: 'Help', address: `help@${DOMAIN}` },
    listUnsubscribeUrl: 'https://mailplane.example/unsubscribe?token=tok_abc',
  });

const hTag = (signed: string) => /\bh=([^;]+);/.exec(signed.replace(/\r\n[ \t]+/g, ' '))![1].replace(/\s+/g, '');
const headerEnd = (signed: string) => signed.indexOf('\r\n\r\n');
/** The signed message with `field` added right below the DKIM-Signature, or at the end of the header. */
const addedOnTop = (signed: string, field: string) => signed.replace(/\r\n(?=[^ \t])/, `\r\n${field}\r\n`);
const addedBelow = (signed: string, field: string) => `${signed.slice(0, headerEnd(signed))}\r\n${field}${signed.slice(headerEnd(signed))}`;

describe('DKIM: no header can be added or changed after signing', () => {
  it('when a message is signed, then h= lists each signed header once more than the message has it, and mailauth says pass', async () => {
    const signed = signer.sign(await renderMime(full()), identity);
    expect(await verdict(signed)).toBe('pass');
    expect(hTag(signed)).toBe(
      [
        'from:from',
        'sender',
        'reply-to:reply-to',
        'to:to',
        'cc:cc',
        'subject:subject',
        'date:date',
        'message-id:message-id',
        'mime-version:mime-version',
        'content-type:content-type',
        'content-transfer-encoding:content-transfer-encoding',
        'list-unsubscribe:list-unsubscribe',
        'list-unsubscribe-post:list-unsubscribe-post',
      ].join(':'),
    );
  });

  it('when the message has no Cc, Reply-To or unsubscribe link, then those names are still signed, once, and it verifies pass', async () => {
    const signed = signer.sign(await renderMime(message({ html: '<p>Thanks</p>' })), identity);
    expect(await verdict(signed)).toBe('pass');
    const names = hTag(signed).split(':');
    for (const absent of ['cc', 'reply-to', 'list-unsubscribe', 'list-unsubscribe-post']) {
      expect(names.filter((name) => name === absent)).toEqual([absent]);
    }
  });

  it.each(DKIM_SIGNED_HEADERS)(
    'when a %s field is added after signing, above or below the others, then mailauth no longer says pass',
    async (name) => {
      const signed = signer.sign(await renderMime(full()), identity);
      const forged = `${name}: ${name === 'From' || name === 'Sender' || name.endsWith('To') || name === 'Cc' ? 'billing@other.example' : 'forged'}`;
      expect(await verdict(addedOnTop(signed, forged))).not.toBe('pass');
      expect(await verdict(addedBelow(signed, forged))).not.toBe('pass');
    },
  );

  it('when a Cc is added to a message that had none, then mailauth no longer says pass', async () => {
    const signed = signer.sign(await renderMime(message()), identity);
    expect(await verdict(signed)).toBe('pass');
    expect(await verdict(addedOnTop(signed, 'Cc: eve@other.example'))).not.toBe('pass');
  });

  // Sender aside: the renderer never writes one.
  it.each(DKIM_SIGNED_HEADERS.filter((name) => name !== 'Sender'))(
    'when the %s field the message has is changed after signing, then mailauth no longer says pass',
    async (name) => {
      const signed = signer.sign(await renderMime(full()), identity);
      const line = new RegExp(`^${name}: [^\\r]*`, 'mi');
      expect(line.test(signed)).toBe(true);
      expect(await verdict(signed.replace(line, (found) => `${found}x`))).not.toBe('pass');
    },
  );

  it('when an unsigned field is added after signing, then mailauth still says pass (the tests above tell signing apart)', async () => {
    const signed = signer.sign(await renderMime(full()), identity);
    expect(await verdict(addedOnTop(signed, 'X-Added: later'))).toBe('pass');
  });

  it('when the message holds a signed header twice, then signing is refused rather than guessing which one a reader sees', async () => {
    const raw = (await renderMime(message())).toString('latin1').replace('\r\nSubject:', '\r\nSubject: first\r\nSubject:');
    expect(() => signer.sign(raw, identity)).toThrow(expect.objectContaining({ code: 'DKIM_REPEATED_HEADER' }));
  });
});
