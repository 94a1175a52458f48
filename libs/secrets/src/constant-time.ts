import { timingSafeEqual } from 'node:crypto';

/** Whether two signatures, tags or hashes are the same bytes, in time that tells nothing of where they differ. */
export function sameSecret(given: Buffer | string, expected: Buffer | string): boolean {
  const a = typeof given === 'string' ? Buffer.from(given) : given;
  const b = typeof expected === 'string' ? Buffer.from(expected) : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
