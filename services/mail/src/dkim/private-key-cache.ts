import { createPrivateKey, type KeyObject } from 'node:crypto';

/** Parsed private keys by signing identity, least recently used evicted first. */
export interface PrivateKeyCache {
  get(identity: string, privateKeyPem: string): KeyObject;
  size(): number;
}

export function createPrivateKeyCache(maxEntries: number): PrivateKeyCache {
  const entries = new Map<string, { pem: string; key: KeyObject }>();
  return {
    get(identity, privateKeyPem) {
      const hit = entries.get(identity);
      entries.delete(identity);
      // Comparing the PEM means a rotated key under an unchanged selector is never signed with the stale one.
      const entry = hit && hit.pem === privateKeyPem ? hit : { pem: privateKeyPem, key: createPrivateKey(privateKeyPem) };
      entries.set(identity, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return entry.key;
    },
    size: () => entries.size,
  };
}
