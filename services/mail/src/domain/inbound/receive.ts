import { createHash } from 'node:crypto';
import type { EmailReceived } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { InboundMessageRecord } from '../../data-access/inbound-messages-repo';
import type { MailDeps } from '../deps';
import { bodyExpiry } from '../retention/policy';
import { authenticateInbound } from './authenticate';
import { receivedData, receivedEvent } from './event';
import { hopsOf, MAX_RECEIVED, receivedCount } from './loops';
import { parseInbound, type ParsedInbound } from './parse';
import type { AcceptedRecipient, SmtpRefusal } from './recipients';
import { repliedEmailId } from './threading';
import { takeInbound } from './usage';

/** One SMTP transaction as the listener saw it, once DATA ended. */
export interface InboundTransaction {
  envelope: EmailReceived['envelope'];
  recipients: AcceptedRecipient[];
}

/** What to answer DATA with; `stored`: the records written before the 250, whose events go out after it. */
export type DataOutcome = { refusal: SmtpRefusal } | { accepted: string; stored: InboundMessageRecord[] };

const loop = (why: string): DataOutcome => ({ refusal: { code: 554, message: `5.4.6 Routing loop detected: ${why}` } });

/**
 * DATA: reads and authenticates the message, refuses a loop (554 5.4.6) or, when the routes say so, a message that fails
 * authentication (550 5.7.26), counts it in each tenant's month (452 4.2.2 past the plan's limit), and writes one record
 * per recipient, with its `email.received` for a `webhook` route, before the 250: the raw bytes first (a blob per
 * record), then every record in one insert. A transaction the sender repeats because our 250 was lost finds its records
 * stored and is answered 250 again without storing or counting anything twice.
 */
export async function receiveMessage(deps: MailDeps, tx: InboundTransaction, raw: Buffer): Promise<DataOutcome> {
  const parsed = await parseInbound(raw);
  if (receivedCount(parsed) > MAX_RECEIVED) return loop(`more than ${MAX_RECEIVED} Received headers`);
  const hops = await hopsOf(deps, parsed);
  if (hops > (deps.config.inbound?.maxHops ?? 0)) return loop(`it came back from this platform ${hops} times in a row`);
  const authentication = await authenticateInbound(deps, raw, {
    clientAddress: tx.envelope.clientAddress,
    helo: tx.envelope.helo,
    mailFrom: tx.envelope.from,
  });
  // Every recipient of a transaction asks the same (recipients.ts, joinsTransaction).
  if (tx.recipients[0]?.route.refuseUnauthenticated && !authentication.authenticated) {
    const domain = parsed.from?.address.split('@').pop() ?? 'the sender';
    return { refusal: { code: 550, message: `5.7.26 Unauthenticated email from ${domain} is not accepted here (SPF, DKIM, DMARC)` } };
  }
  const giveBacks = await countPerTenant(deps, tx.recipients);
  if (!giveBacks) return { refusal: { code: 452, message: '4.2.2 Mailbox full this month, try again later' } };
  const records = await Promise.all(tx.recipients.map((r) => recordFor(deps, tx, r, parsed, raw, { authentication, hops })));
  for (const record of records) await deps.inboundBodies.save(record._id, raw);
  if (!(await deps.inboundMessages.insertAll(records))) {
    await Promise.all(giveBacks.map((giveBack) => giveBack()));
    return { accepted: 'already received', stored: [] };
  }
  return { accepted: records.map((r) => r._id).join(' '), stored: records };
}

/** Takes each tenant's share of the month all or none; null (nothing taken) when one tenant is past its limit. */
async function countPerTenant(deps: MailDeps, recipients: AcceptedRecipient[]) {
  const perTenant = new Map<string, number>();
  for (const r of recipients) perTenant.set(r.tenantId, (perTenant.get(r.tenantId) ?? 0) + 1);
  const giveBacks: Array<() => Promise<void>> = [];
  for (const [tenantId, n] of perTenant) {
    const giveBack = await takeInbound(deps, tenantId, n);
    if (!giveBack) {
      await Promise.all(giveBacks.map((g) => g()));
      return null;
    }
    giveBacks.push(giveBack);
  }
  return giveBacks;
}

async function recordFor(
  deps: MailDeps,
  tx: InboundTransaction,
  recipient: AcceptedRecipient,
  parsed: ParsedInbound,
  raw: Buffer,
  facts: Pick<InboundMessageRecord, 'authentication' | 'hops'>,
): Promise<InboundMessageRecord> {
  const now = deps.clock.now();
  const { tenantId, route } = recipient;
  const action = route.action.type === 'hold' ? ('hold' as const) : ('webhook' as const);
  const record: InboundMessageRecord = {
    _id: newId('inb', now.getTime()),
    tenantId,
    routeId: route._id,
    action,
    recipient: recipient.address,
    envelope: tx.envelope,
    from: parsed.from ? (parsed.from.name ? `${parsed.from.name} <${parsed.from.address}>` : parsed.from.address) : '',
    fromAddress: parsed.from?.address.toLowerCase() ?? null,
    subject: parsed.subject,
    internetMessageId: parsed.internetMessageId,
    inReplyToEmailId: await repliedEmailId(deps, tenantId, parsed),
    attachments: parsed.attachments.map(({ content: _bytes, ...meta }) => meta),
    ...facts,
    dedupKey: `${tenantId}:${recipient.address.toLowerCase()}:${createHash('sha256').update(raw).digest('hex')}`,
    receivedAt: now,
    bodyExpiresAt: await bodyExpiry(deps, tenantId, now),
    bodyPurgedAt: null,
    ...carrying([]),
  };
  if (action === 'hold') return record;
  const event = receivedEvent(record, receivedData(deps, record, parsed, now), route.action.endpointId ?? null);
  return { ...record, ...carrying([event]) };
}

/** Publishes what a transaction stored (after its 250); the sweeper publishes what the broker refused now. */
export async function announceReceived(deps: MailDeps, records: InboundMessageRecord[]): Promise<void> {
  for (const record of records) await deps.inboundMessages.announce(record, (event) => deps.broker.publish(event));
}
