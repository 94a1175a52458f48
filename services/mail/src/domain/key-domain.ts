import { AppError } from '@mailplane/contracts';
import type { MessageRecord } from '../data-access/messages-repo';
import type { MailDeps } from './deps';

/** A key restricted to a domain sees as if the tenant had no other: another identity or email is a 404, as another tenant's is. */
export const identityVisible = (identity: { domain: string }, keyDomain: string | null) => !keyDomain || identity.domain === keyDomain;

// No identity has this id (ids are `idn_` and 26 characters): a filter by it finds nothing.
const NO_IDENTITY = 'idn_none';

/** The identity an email list is filtered by: for a key restricted to a domain, its identity's, whatever was asked. */
export async function identityFilter(deps: MailDeps, tenantId: string, asked: string | undefined, keyDomain: string | null) {
  if (!keyDomain) return asked;
  const own = (await deps.identities.byDomain(tenantId, keyDomain))?._id ?? NO_IDENTITY;
  return asked && asked !== own ? NO_IDENTITY : own;
}

export async function emailVisible(deps: MailDeps, message: MessageRecord, keyDomain: string | null): Promise<boolean> {
  if (!keyDomain) return true;
  return message.identityId === (await deps.identities.byDomain(message.tenantId, keyDomain))?._id;
}

/** 404 for an email such a key may not see; an unknown one is left to the operation's own 404. */
export async function checkEmailVisible(deps: MailDeps, tenantId: string, id: string, keyDomain: string | null): Promise<void> {
  if (!keyDomain) return;
  const message = await deps.messages.byId(tenantId, id);
  if (message && !(await emailVisible(deps, message, keyDomain))) throw new AppError('not_found', `No email ${id}`);
}

export function checkIdentityDomain(domain: string, keyDomain: string | null): void {
  if (keyDomain && domain !== keyDomain) {
    throw new AppError('key_domain_mismatch', `This API key may manage only the identity of ${keyDomain}, not ${domain}.`);
  }
}
