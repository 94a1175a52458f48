import { timingSafeEqual, createHash } from 'node:crypto';
import { AppError } from '@mailplane/contracts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Fails closed: with no ADMIN_TOKEN configured nobody is let in. */
export function checkAdmin(authorization: string | undefined, adminToken: string | undefined) {
  const given = /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!adminToken || !given || !timingSafeEqual(digest(given), digest(adminToken))) {
    throw new AppError('unauthorized', 'The admin surface needs "Authorization: Bearer <ADMIN_TOKEN>".');
  }
}
