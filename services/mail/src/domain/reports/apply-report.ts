import type { Envelope } from '@mailplane/contracts';
import type { MessageRecord, MessageStatus, StoredReport } from '../../data-access/messages-repo';
import type { MailDeps } from '../deps';
import { messageEvent } from '../events';
import { recipientsOf } from '../recipients';
import { countReport } from '../reputation/counting';
import { countEvent } from '../stats';
import { suppress } from '../suppressions';
import type { IncomingReport } from './parse-report';
import type { ReturnPathOwner } from './return-path';

const TRIES = 3;

/** Null unless the report names the return path's own recipient: whoever holds a return path can report only on themselves. */
export function recipientOf(message: MessageRecord, place: number, report: IncomingReport): string | null {
  const owner = recipientsOf(message)[place];
  return owner && owner.address.toLowerCase() === report.recipient.toLowerCase() ? owner.address : null;
}

/** Where a report leaves the message: only a sent message becomes bounced or complained (a complaint also overrides a bounce). */
function statusAfter(message: MessageRecord, kind: IncomingReport['kind']): MessageStatus {
  if (kind === 'complaint' && ['sent', 'bounced'].includes(message.status)) return 'complained';
  if (kind === 'bounce' && message.status === 'sent') return 'bounced';
  return message.status;
}

/** Each report is stored on the message once (the same report again changes nothing); returns how many were new. */
export async function applyReports(deps: MailDeps, owner: ReturnPathOwner, reports: IncomingReport[]): Promise<number> {
  let applied = 0;
  for (const report of reports) if (await applyOne(deps, owner, report)) applied++;
  return applied;
}

/** A report on an identity's own return path domain is about its messages only while that domain is its return path. */
async function cameToItsDomain(deps: MailDeps, message: MessageRecord, owner: ReturnPathOwner): Promise<boolean> {
  if (!owner.returnPathDomain) return true;
  const identity = await deps.identities.byId(message.tenantId, message.identityId);
  return identity?.verifiedReturnPathDomain === owner.returnPathDomain;
}

async function applyOne(deps: MailDeps, owner: ReturnPathOwner, report: IncomingReport): Promise<boolean> {
  const { messageId, recipient: place } = owner;
  for (let tries = 0; tries < TRIES; tries++) {
    const message = await deps.messages.anyTenantById(messageId);
    const recipient = message && recipientOf(message, place, report);
    if (!message || !recipient || !(await cameToItsDomain(deps, message, owner))) {
      deps.logger.info('report dropped: no such message or recipient', { messageId, kind: report.kind });
      return false;
    }
    const known = (message.reports ?? []).some((r) => r.kind === report.kind && r.recipient === recipient && r.status === report.status);
    if (known) return false;
    const now = deps.clock.now();
    const stored: StoredReport = { kind: report.kind, at: now, recipient, status: report.status, diagnostic: report.diagnostic };
    const event =
      report.kind === 'delay'
        ? null
        : messageEvent(message, report.kind === 'bounce' ? 'email.bounced' : 'email.complained', now, {
            recipient,
            reportStatus: report.status,
            diagnostic: report.diagnostic,
          });
    const events: Envelope[] = [...(message.eventsPending ? message.pendingEvents : []), ...(event ? [event] : [])];
    const status = statusAfter(message, report.kind);
    if (!(await deps.messages.recordReport(message, stored, status, now, events))) continue;
    deps.logger.info('report applied', { messageId, tenantId: message.tenantId, kind: report.kind, status: report.status });
    if (report.kind === 'delay') return true;
    const reason = report.kind === 'bounce' ? 'bounced' : 'complained';
    await suppress(deps, message.tenantId, { email: recipient, reason, messageId });
    countEvent(deps, message.tenantId, reason, now);
    countReport(deps, message, report.kind, now);
    const changed = { ...message, status, updatedAt: now, pendingEvents: events, eventsPending: events.length > 0 };
    await deps.messages
      .announce(changed, (e: Envelope) => deps.broker.publish(e))
      .catch((err: unknown) => deps.logger.warn('report stored, its event not yet published', { messageId, err }));
    return true;
  }
  deps.logger.warn('report not applied: the message kept changing', { messageId });
  return false;
}
