import { generateKeyPair, generateKeyPairSync } from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface DkimKeyPair {
  privateKeyPem: string;
  publicKeyBase64: string;
}

/** RSA-2048: RFC 8301 says SHOULD be at least 2048, and some gateways reject anything larger. */
export async function generateDkimKeyPair(): Promise<DkimKeyPair> {
  const { privateKey, publicKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyBase64: publicKey.toString('base64') };
}

/** RFC 8463: `p=` holds the raw 32-byte key, not SPKI. Made in microseconds, so synchronously. */
export function generateEd25519KeyPair(): DkimKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  // An Ed25519 SPKI is a fixed 12-byte prefix and the 32-byte key.
  return { privateKeyPem: privateKey, publicKeyBase64: publicKey.subarray(publicKey.length - 32).toString('base64') };
}

export type DkimKeyType = 'rsa' | 'ed25519';

export function dkimTxtValue(publicKeyBase64: string, keyType: DkimKeyType = 'rsa'): string {
  return `v=DKIM1; k=${keyType}; p=${publicKeyBase64}`;
}

const MAX_TXT_STRING = 255;

/** Splits a TXT value into the ≤255-octet character-strings DNS requires; resolvers join them back. */
export function txtChunks(value: string): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < value.length; start += MAX_TXT_STRING) {
    chunks.push(value.slice(start, start + MAX_TXT_STRING));
  }
  return chunks.length ? chunks : [''];
}
