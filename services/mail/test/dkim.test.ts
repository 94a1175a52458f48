import { dkimVerify } from 'mailauth';
import { generateDkimKeyPair, dkimTxtValue, txtChunks, type DkimKeyPair } from '../src/dkim/keys';
import { renderMime, type RenderInput } from '../src/dkim/render';
import { createDkimSigner, DKIM_SIGNED_HEADERS, type DkimIdentity } from '../src/dkim/signer';

const DOMAIN = 'send.example.com';

function zoneResolver(zone: Map<string, string>) {
  return async (name: string, rrtype: string): Promise<string[][]> => {
    const value = zone.get(name.toLowerCase());
    if (rrtype === 'TXT' && value) return [txtChunks(value)];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}

function message(overrides: Partial<RenderInput> = {}): RenderInput {
  return {
    from: 'Mailplane <hello@send.example.com>',
    to: 'ana@recipient.example',
    replyTo: 'support@send.example.com',
    subject: 'Your receipt',
    text: 'Thanks for your order.',
    html: '<p>Thanks for your order.</p>',
    messageId: 'msg_01testmessage',
    sendingDomain: DOMAIN,
    date: new Date('2026-01-02T03:04:05Z'),
    listUnsubscribeUrl: 'https://mailplane.example/unsubscribe?token=tok_abc',
    ...overrides,
  };
}

describe('DKIM: render, sign, verify with mailauth', () => {
  let key: DkimKeyPair;
  let identity: DkimIdentity;
  const zone = new Map<string, string>();
  const resolver = zoneResolver(zone);
  const signer = createDkimSigner();
  const verdict = async (signed: string) => (await dkimVerify(signed, { resolver })).results[0];

  beforeAll(async () => {
    key = await generateDkimKeyPair();
    identity = { domain: DOMAIN, selector: 'mp1', privateKeyPem: key.privateKeyPem };
    zone.set(`mp1._domainkey.${DOMAIN}`, dkimTxtValue(key.publicKeyBase64));
  });

  it('when a rendered message is signed, then it verifies pass and h= covers every listed header present', async () => {
    const signed = signer.sign(await renderMime(message({ headers: { 'X-Campaign': 'receipts' } })), identity);
    const result = await verdict(signed);
    expect(result.status.result).toBe('pass');
    expect(result.signingDomain).toBe(DOMAIN);
    const signedNames = /\bh=([^;]+);/.exec(signed.replace(/\r\n\s+/g, ' '))![1].split(':');
    expect(signedNames).toEqual(DKIM_SIGNED_HEADERS.toLowerCase().split(':'));
    expect(signed).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(signed).toMatch(/^Message-ID: <msg_01testmessage@send\.example\.com>\r$/m);
    expect(signed).toMatch(/^X-Mailplane-Message-I[dD]: msg_01testmessage\r$/m);
  });

  it('when the body has non-ASCII text with NBSP, then it leaves 7-bit and still verifies pass', async () => {
    const raw = await renderMime(
      message({ subject: 'Caf\u00e9\u00a0receipt', text: 'Total:\u00a0\u00a012\u00a0\u20ac \u2014 merci\u00a0!\n', html: '<p>Gr\u00fc\u00dfe\u00a0\u00a0</p>' }),
    );
    expect(raw.every((byte) => byte < 0x80)).toBe(true);
    expect((await verdict(signer.sign(raw, identity))).status.result).toBe('pass');
  });

  it('when the List-Unsubscribe URL is changed after signing, then verification fails', async () => {
    const signed = signer.sign(await renderMime(message()), identity);
    const tampered = signed.replace('token=tok_abc', 'token=tok_evil');
    expect(tampered).not.toBe(signed);
    expect((await verdict(tampered)).status.result).toBe('fail');
  });

  it('when the selector publishes another key or nothing, then verification does not pass', async () => {
    const other = await generateDkimKeyPair();
    zone.set(`wrong._domainkey.${DOMAIN}`, dkimTxtValue(other.publicKeyBase64));
    const raw = await renderMime(message());
    const wrongKey = await verdict(signer.sign(raw, { ...identity, selector: 'wrong' }));
    expect(wrongKey.status.result).toBe('fail');
    const unpublished = await verdict(signer.sign(raw, { ...identity, selector: 'unpublished' }));
    expect(unpublished.status.result).not.toBe('pass');
  });

  it('when the body is empty, whitespace only or missing, then signing is refused', async () => {
    const headers = 'From: a@send.example.com\r\nTo: b@recipient.example\r\nSubject: hi\r\n';
    for (const raw of [`${headers}\r\n`, `${headers}\r\n \r\n\t\r\n`, headers]) {
      expect(() => signer.sign(raw, identity)).toThrow(expect.objectContaining({ code: 'DKIM_EMPTY_BODY' }));
    }
  });

  it('when the message carries 8-bit bytes, then signing is refused instead of risking the NBSP bug', () => {
    const raw = Buffer.from('From: a@send.example.com\r\nSubject: hi\r\n\r\nprice:\u00a010\r\n', 'utf8');
    expect(() => signer.sign(raw, identity)).toThrow(expect.objectContaining({ code: 'DKIM_NOT_7BIT' }));
  });

  it('when the identity could inject DKIM tags or the key is unusable, then signing is refused', async () => {
    const raw = await renderMime(message());
    expect(() => signer.sign(raw, { ...identity, selector: 'mp1; l=1' })).toThrow(expect.objectContaining({ code: 'DKIM_BAD_IDENTITY' }));
    expect(() => signer.sign(raw, { ...identity, privateKeyPem: 'not a key' })).toThrow(expect.objectContaining({ code: 'DKIM_BAD_KEY' }));
  });

  it('when a tenant header tries to override a renderer header, then rendering is refused', async () => {
    await expect(renderMime(message({ headers: { 'list-unsubscribe': '<https://evil.example>' } }))).rejects.toThrow(/set by the renderer/);
  });
});
