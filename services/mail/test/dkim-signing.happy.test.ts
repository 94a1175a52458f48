import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import { openKeyBox, KeyBoxError, type KeyBox } from '@mailplane/secrets';
import { createPrivateKeyCache } from '../src/dkim/private-key-cache';
import { generateDkimKeyPair, generateEd25519KeyPair, dkimTxtValue, txtChunks, type DkimKeyPair } from '../src/dkim/keys';
import { renderMime, type RenderInput } from '../src/mime/render';
import { DKIM_SIGNED_HEADERS } from '../src/dkim/signed-headers';
import { createDkimSigner, type DkimIdentity } from '../src/dkim/signer';

const DOMAIN = 'send.example.com';
const SECRET = 'correct horse battery staple, twice';
const pem = () => generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

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

  it('when a rendered message is signed, then it verifies pass and h= names every signed header', async () => {
    const attachments = [
      { filename: 'receipt.pdf', content: Buffer.from('%PDF-1.4 \u00ff').toString('base64'), contentType: 'application/pdf' },
    ];
    const signed = signer.sign(await renderMime(message({ headers: { 'X-Campaign': 'receipts' }, attachments })), identity);
    const result = await verdict(signed);
    expect(result.status.result).toBe('pass');
    expect(result.signingDomain).toBe(DOMAIN);
    const signedNames = /\bh=([^;]+);/.exec(signed.replace(/\r\n\s+/g, ' '))![1].split(':');
    expect(new Set(signedNames)).toEqual(new Set(DKIM_SIGNED_HEADERS.map((name) => name.toLowerCase())));
    expect(signed).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(signed).toMatch(/^Message-ID: <msg_01testmessage@send\.example\.com>\r$/m);
    expect(signed).toMatch(/^X-Mailplane-Message-I[dD]: msg_01testmessage\r$/m);
  });

  it('when the body has non-ASCII text with NBSP, then it leaves 7-bit and still verifies pass', async () => {
    const raw = await renderMime(
      message({
        subject: 'Caf\u00e9\u00a0receipt',
        text: 'Total:\u00a0\u00a012\u00a0\u20ac \u2014 merci\u00a0!\n',
        html: '<p>Gr\u00fc\u00dfe\u00a0\u00a0</p>',
      }),
    );
    expect(raw.every((byte) => byte < 0x80)).toBe(true);
    expect((await verdict(signer.sign(raw, identity))).status.result).toBe('pass');
  });

  it('when an Ed25519 key signs beside RSA, then both signatures pass, RSA first, with one body hash, on messages of every shape', async () => {
    const ed = generateEd25519KeyPair();
    zone.set(`mp1-ed25519._domainkey.${DOMAIN}`, dkimTxtValue(ed.publicKeyBase64, 'ed25519'));
    const both = { ...identity, ed25519: { selector: 'mp1-ed25519', privateKeyPem: ed.privateKeyPem } };
    const attachments = [{ filename: 'a.pdf', content: Buffer.from('%PDF-1.4').toString('base64'), contentType: 'application/pdf' }];
    const shapes = [
      message(),
      message({ html: undefined, listUnsubscribeUrl: undefined }),
      message({ attachments, subject: 'A long subject that folds '.repeat(8) }),
    ];
    for (const shape of shapes) {
      const signed = signer.sign(await renderMime(shape), both);
      const { results } = await dkimVerify(Buffer.from(signed), { resolver });
      expect(results.map((r) => [(r as { algo?: string }).algo, r.status.result])).toEqual([
        ['rsa-sha256', 'pass'],
        ['ed25519-sha256', 'pass'],
      ]);
      const hashes = [...signed.replace(/\r\n\s+/g, ' ').matchAll(/\bbh=([^;]+);/g)].map((m) => m[1]);
      expect(new Set(hashes).size).toBe(1);
    }
    const tampered = signer.sign(await renderMime(message()), both).replace('Thanks for your order.', 'Thanks for your money.');
    const { results } = await dkimVerify(Buffer.from(tampered), { resolver });
    // A changed body fails the body hash: mailauth calls that `neutral` (RFC 6376 §6.3: not pass).
    expect(results.map((r) => r.status.result)).toEqual(['neutral', 'neutral']);
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
    await expect(renderMime(message({ headers: { 'list-unsubscribe': '<https://evil.example>' } }))).rejects.toMatchObject({
      code: 'RENDER_RESERVED_HEADER',
    });
  });

  it('when the unsubscribe URL is not http(s) or tries to break out of <…>, then it is refused or encoded', async () => {
    await expect(renderMime(message({ listUnsubscribeUrl: 'javascript:alert(1)' }))).rejects.toMatchObject({
      code: 'RENDER_BAD_UNSUBSCRIBE_URL',
    });
    const raw = (await renderMime(message({ listUnsubscribeUrl: 'https://u.example/u?t=a> <mailto:x@evil.example' }))).toString();
    expect(raw).toContain('List-Unsubscribe: <https://u.example/u?t=a%3E%20%3Cmailto:x@evil.example>');
  });
});

describe('DKIM key box: private keys encrypted at rest', () => {
  let box: KeyBox;
  beforeAll(async () => {
    box = await openKeyBox(SECRET);
  });
  const ID = 'idn_test';
  const privateKeyPem = pem();

  it('when a key is sealed and opened, then the PEM comes back and the sealed form hides it', () => {
    const sealed = box.seal(privateKeyPem, ID);
    expect(sealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(box.open(sealed, ID)).toBe(privateKeyPem);
    expect(box.seal(privateKeyPem, ID)).not.toBe(sealed);
  });

  it('when the ciphertext, tag or IV is tampered with, then opening fails authentication', () => {
    const [version, iv, tag, ciphertext] = box.seal(privateKeyPem, ID).split('.');
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(ciphertext)],
      [version, iv, flip(tag), ciphertext],
      [version, flip(iv), tag, ciphertext],
    ]) {
      expect(() => box.open(tampered.join('.'), ID)).toThrow(expect.objectContaining({ code: 'KEY_BOX_AUTH_FAILED' }));
    }
  });

  it('when opened under another secret, then it fails authentication', async () => {
    const sealed = box.seal(privateKeyPem, ID);
    const other = await openKeyBox('another secret of enough length');
    expect(() => other.open(sealed, ID)).toThrow(KeyBoxError);
  });

  it('when the sealed value is not in the key-box format, then a malformed error is thrown', () => {
    for (const bad of ['', privateKeyPem, 'v3.a.b.c', 'v2.a.b.c', 'v1.a.b', 'v1.AAAA.AAAA.AAAA']) {
      expect(() => box.open(bad, ID)).toThrow(expect.objectContaining({ code: 'KEY_BOX_MALFORMED' }));
    }
  });

  it('when the secret is too short, then no key box is created', async () => {
    await expect(openKeyBox('short')).rejects.toThrow(/at least 16/);
  });
});

describe('DKIM private key cache', () => {
  it('when the same identity signs again, then the parsed key is reused; a new PEM is parsed afresh', () => {
    const cache = createPrivateKeyCache(10);
    const first = pem();
    const key = cache.get('d\ns1', first);
    expect(cache.get('d\ns1', first)).toBe(key);
    expect(cache.get('d\ns1', pem())).not.toBe(key);
    expect(cache.size()).toBe(1);
  });

  it('when more identities than the limit are used, then the least recently used is evicted', () => {
    const cache = createPrivateKeyCache(2);
    const [a, b, c] = [pem(), pem(), pem()];
    const keyA = cache.get('a', a);
    cache.get('b', b);
    cache.get('a', a);
    cache.get('c', c);
    expect(cache.size()).toBe(2);
    expect(cache.get('a', a)).toBe(keyA);
  });
});
