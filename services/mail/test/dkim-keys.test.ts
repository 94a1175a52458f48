import { generateKeyPairSync } from 'node:crypto';
import { createKeyBox, KeyBoxError } from '../src/dkim/key-box';
import { createPrivateKeyCache } from '../src/dkim/private-key-cache';

const SECRET = 'correct horse battery staple, twice';
const pem = () => generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('DKIM key box: private keys encrypted at rest', () => {
  const box = createKeyBox(SECRET);
  const privateKeyPem = pem();

  it('when a key is sealed and opened, then the PEM comes back and the sealed form hides it', () => {
    const sealed = box.seal(privateKeyPem);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(box.open(sealed)).toBe(privateKeyPem);
    expect(box.seal(privateKeyPem)).not.toBe(sealed);
  });

  it('when the ciphertext, tag or IV is tampered with, then opening fails authentication', () => {
    const [version, iv, tag, ciphertext] = box.seal(privateKeyPem).split('.');
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] ^= 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [[version, iv, tag, flip(ciphertext)], [version, iv, flip(tag), ciphertext], [version, flip(iv), tag, ciphertext]]) {
      expect(() => box.open(tampered.join('.'))).toThrow(expect.objectContaining({ code: 'KEY_BOX_AUTH_FAILED' }));
    }
  });

  it('when opened under another secret, then it fails authentication', () => {
    const sealed = box.seal(privateKeyPem);
    expect(() => createKeyBox('another secret of enough length').open(sealed)).toThrow(KeyBoxError);
  });

  it('when the sealed value is not in the v1 format, then a malformed error is thrown', () => {
    for (const bad of ['', privateKeyPem, 'v2.a.b.c', 'v1.a.b', 'v1.AAAA.AAAA.AAAA']) {
      expect(() => box.open(bad)).toThrow(expect.objectContaining({ code: 'KEY_BOX_MALFORMED' }));
    }
  });

  it('when the secret is too short, then no key box is created', () => {
    expect(() => createKeyBox('short')).toThrow(/at least 16/);
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
