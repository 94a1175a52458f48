import { createCipheriv, randomBytes } from 'node:crypto';
import { createKeyBox, deriveMasterKey } from '../src';

const SECRET = 'key-box-test-secret-0123456789';

/** A value sealed as the box did before values were bound to their record: only the version authenticated. */
function sealedInV1(plaintext: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveMasterKey(SECRET, purpose), iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from('v1'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

describe('key box: each sealed value bound to its record', () => {
  const box = createKeyBox(SECRET, 'webhook-secrets');

  it('when a value sealed for one record is opened as another record, then it fails authentication', () => {
    const sealed = box.seal('whsec_one', 'whe_1');
    expect(sealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(sealed, 'whe_1')).toBe('whsec_one');
    expect(() => box.open(sealed, 'whe_2')).toThrow(expect.objectContaining({ code: 'KEY_BOX_AUTH_FAILED' }));
  });

  it('when a value sealed for one purpose is opened by a box of another purpose, then it fails authentication', () => {
    const sealed = box.seal('whsec_one', 'rec_1');
    expect(() => createKeyBox(SECRET, 'dkim-key-box').open(sealed, 'rec_1')).toThrow(
      expect.objectContaining({ code: 'KEY_BOX_AUTH_FAILED' }),
    );
  });

  it('when a value was sealed before values were bound (v1), then it still opens, and a new seal is v2', () => {
    const old = sealedInV1('whsec_old', 'webhook-secrets');
    expect(box.open(old, 'whe_1')).toBe('whsec_old');
    expect(box.seal('whsec_old', 'whe_1').startsWith('v2.')).toBe(true);
  });
});
