import { createCipheriv, randomBytes } from 'node:crypto';
import { deriveMasterKey, openKeyBox, type KeyBox } from '../src';

const SECRET = 'key-box-test-secret-0123456789';

/** A value sealed as the box did before values were bound to their record: only the version authenticated. */
async function sealedInV1(plaintext: string, purpose: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await deriveMasterKey(SECRET, purpose), iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from('v1'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

describe('key box: each sealed value bound to its record', () => {
  let box: KeyBox;
  beforeAll(async () => {
    box = await openKeyBox(SECRET, 'webhook-secrets');
  });

  it('when a value sealed for one record is opened as another record, then it fails authentication', () => {
    const sealed = box.seal('whsec_one', 'whe_1');
    expect(sealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(sealed, 'whe_1')).toBe('whsec_one');
    expect(() => box.open(sealed, 'whe_2')).toThrow(expect.objectContaining({ code: 'KEY_BOX_AUTH_FAILED' }));
  });

  it('when a value sealed for one purpose is opened by a box of another purpose, then it fails authentication', async () => {
    const sealed = box.seal('whsec_one', 'rec_1');
    const dkimBox = await openKeyBox(SECRET, 'dkim-key-box');
    expect(() => dkimBox.open(sealed, 'rec_1')).toThrow(expect.objectContaining({ code: 'KEY_BOX_AUTH_FAILED' }));
  });

  it('when a value was sealed before values were bound (v1), then it still opens, and a new seal is v2', async () => {
    const old = await sealedInV1('whsec_old', 'webhook-secrets');
    expect(box.open(old, 'whe_1')).toBe('whsec_old');
    expect(box.seal('whsec_old', 'whe_1').startsWith('v2.')).toBe(true);
  });
});
