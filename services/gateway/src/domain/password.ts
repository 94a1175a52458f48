import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { sameSecret } from '@mailplane/secrets';

// N=2^15, r=8: 32 MiB and tens of milliseconds per guess (OWASP's scrypt floor is N=2^17 with r=8 and p=1 or
// equivalent; 2^15 with p=1 is what the design record fixes for a gateway that must stay responsive).
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
// scrypt needs 128 × N × r bytes; Node refuses more than 32 MiB unless told.
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: typeof PARAMS): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEM };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$<salt base64>$<hash base64>`: the parameters travel with the hash so that they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

// Checked against when there is no member or no password, so that the answer takes as long either way.
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword('no member has this password'));

/** Whether `password` is the one `stored` was made from (compared in constant time); null `stored` is never matched. */
export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? (await dummyHash())).split('$');
  if (scheme !== 'scrypt') return false;
  const derived = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return sameSecret(derived, Buffer.from(hash, 'base64')) && stored !== null;
}
