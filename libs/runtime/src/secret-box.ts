import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const MIN_SECRET_LENGTH = 16;

/** Why a sealed key could not be opened: not our format, or tampered / sealed under another secret. */
export class KeyBoxError extends Error {
  constructor(
    readonly code: 'KEY_BOX_MALFORMED' | 'KEY_BOX_AUTH_FAILED',
    message: string,
  ) {
    super(message);
    this.name = 'KeyBoxError';
  }
}

/** Encrypts secrets at rest (DKIM private keys, webhook signing secrets) with AES-256-GCM under a key derived once from a secret. */
export interface KeyBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/**
 * scrypt rather than HKDF so that a human-chosen secret still yields a strong key. The salt is fixed per
 * use (`purpose`): there is one secret per deployment, so a salt only needs to separate its uses.
 */
export function deriveMasterKey(secret: string, purpose = 'dkim-key-box'): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`key box secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return scryptSync(secret, `mailplane/${purpose}/v1`, 32, { N: 1 << 14, r: 8, p: 1 });
}

export function createKeyBox(secret: string, purpose?: string): KeyBox {
  const masterKey = deriveMasterKey(secret, purpose);
  return {
    seal: (plaintext) => sealPrivateKey(plaintext, masterKey),
    open: (sealed) => openPrivateKey(sealed, masterKey),
  };
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts; the version is authenticated as AAD. */
export function sealPrivateKey(plaintext: string, masterKey: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(VERSION));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

export function openPrivateKey(sealed: string, masterKey: Buffer): string {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new KeyBoxError('KEY_BOX_MALFORMED', 'sealed value is not in the v1 key-box format');
  }
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || ciphertext.length === 0) {
    throw new KeyBoxError('KEY_BOX_MALFORMED', 'sealed value has a bad IV, tag or ciphertext length');
  }
  const decipher = createDecipheriv('aes-256-gcm', masterKey, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(VERSION));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new KeyBoxError('KEY_BOX_AUTH_FAILED', 'sealed value failed authentication: it was tampered with or sealed under another secret');
  }
}
