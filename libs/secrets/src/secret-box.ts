import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const MIN_SECRET_LENGTH = 16;

/** Why a sealed key could not be opened: not our format, or tampered / sealed under another secret or for another record. */
export class KeyBoxError extends Error {
  constructor(
    readonly code: 'KEY_BOX_MALFORMED' | 'KEY_BOX_AUTH_FAILED',
    message: string,
  ) {
    super(message);
    this.name = 'KeyBoxError';
  }
}

/** Seals secrets at rest (DKIM keys, webhook secrets, sessions' API keys) with AES-256-GCM, each bound to its `recordId`. */
export interface KeyBox {
  seal(plaintext: string, recordId: string): string;
  open(sealed: string, recordId: string): string;
}

/**
 * scrypt rather than HKDF, so a human-chosen secret still yields a strong key; the salt only separates uses (`purpose`).
 * Runs on libuv's threadpool: about 0.1 s of CPU, once per purpose as a process starts.
 */
export function deriveMasterKey(secret: string, purpose = 'dkim-key-box'): Promise<Buffer> {
  if (secret.length < MIN_SECRET_LENGTH) {
    return Promise.reject(new Error(`key box secret must be at least ${MIN_SECRET_LENGTH} characters`));
  }
  return new Promise((resolve, reject) =>
    scrypt(secret, `mailplane/${purpose}/v1`, 32, { N: 1 << 14, r: 8, p: 1 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function openKeyBox(secret: string, purpose = 'dkim-key-box'): Promise<KeyBox> {
  const masterKey = await deriveMasterKey(secret, purpose);
  return {
    seal: (plaintext, recordId) => seal(plaintext, masterKey, boundTo(purpose, recordId)),
    open: (sealed, recordId) => open(sealed, masterKey, boundTo(purpose, recordId)),
  };
}

// v2 authenticates purpose and record; v1 (read, never written) only its version, so it opens in any record of its purpose.
const boundTo = (purpose: string, recordId: string) => ({ v1: 'v1', v2: `v2\u0000${purpose}\u0000${recordId}` });

/** `v2.<iv>.<tag>.<ciphertext>`, base64url parts; the version, purpose and record id are authenticated as AAD. */
function seal(plaintext: string, masterKey: Buffer, aad: { v2: string }): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad.v2));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return ['v2', ...parts].join('.');
}

function open(sealed: string, masterKey: Buffer, aad: { v1: string; v2: string }): string {
  const parts = sealed.split('.');
  const version = parts[0];
  if (parts.length !== 4 || (version !== 'v1' && version !== 'v2')) {
    throw new KeyBoxError('KEY_BOX_MALFORMED', 'sealed value is not in the v1 or v2 key-box format');
  }
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || ciphertext.length === 0) {
    throw new KeyBoxError('KEY_BOX_MALFORMED', 'sealed value has a bad IV, tag or ciphertext length');
  }
  const decipher = createDecipheriv('aes-256-gcm', masterKey, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad[version]));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new KeyBoxError(
      'KEY_BOX_AUTH_FAILED',
      'sealed value failed authentication: tampered with, sealed under another secret, or sealed for another record',
    );
  }
}
