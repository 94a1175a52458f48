import type { EmailReceived } from '@mailplane/contracts';
import { createHash } from 'node:crypto';
import { newId } from '@mailplane/runtime';
import { carrying } from '@mailplane/store';
import type { InboundMessageRecord } from '../../data-access/inbound-messages-repo';
import type { MailDeps } from '../deps';
import { DEFAULT_EVENT_CONTENT_BYTES } from '../../inbound-config';
import { bodyExpiry } from '../retention/policy';
import { receivedData, receivedEvent } from './event';
import { hopsOf, MAX_RECEIVED, receivedCount } from './loops';
import type { ParsedInbound } from './parse';
import { readReceived } from './read';
import type { AcceptedRecipient, SmtpRefusal } from './recipients';
import { repliedEmailId } from './threading';
import { takeInbound } from './usage';

export interface InboundTransaction {
  envelope: EmailReceived['envelope'];
  recipients: AcceptedRecipient[];
}

/** What to answer DATA with; `stored`: the records written before the 250, whose events go out after it. */
export type DataOutcome = { refusal: SmtpRefusal } | { accepted: string; stored: InboundMessageRecord[] };

const loop = (why: string): DataOutcome => ({ refusal: { code: 554, message: `5.4.6 Routing loop detected: ${why}` } });

/**
 * DATA: one record per tenant, stored before the 250 (raw bytes first, then one insert). A transaction the sender repeats
 * because our 250 was lost finds its records stored and is answered 250 again, nothing stored or counted twice.
 */
export async function receiveMessage(deps: MailDeps, tx: InboundTransaction, raw: Buffer): Promise<DataOutcome> {
  const read = await readReceived(deps, raw, {
    clientAddress: tx.envelope.clientAddress,
    helo: tx.envelope.helo,
    mailFrom: tx.envelope.from,
  });
  if ('refusal' in read) return read;
  const { parsed, authentication, sha256 } = read;
  if (receivedCount(parsed) > MAX_RECEIVED) return loop(`more than ${MAX_RECEIVED} Received headers`);
  const hops = await hopsOf(deps, parsed);
  if (hops > (deps.config.inbound?.maxHops ?? 0)) return loop(`it came back from this platform ${hops} times in a row`);
  // Every recipient of a transaction asks the same (recipients.ts, joinsTransaction).
  if (tx.recipients[0]?.route.refuseUnauthenticated && !authentication.authenticated) {
    const domain = parsed.from?.address.split('@').pop() ?? 'the sender';
    return { refusal: { code: 550, message: `5.7.26 Unauthenticated email from ${domain} is not accepted here (SPF, DKIM, DMARC)` } };
  }
  const perTenant = byTenant(tx.recipients);
  const giveBacks = await countPerTenant(deps, [...perTenant.keys()]);
  if (!giveBacks) return { refusal: { code: 452, message: '4.2.2 Mailbox full this month, try again later' } };
  const facts = { authentication, hops };
  const records = await Promise.all([...perTenant.values()].map((recipients) => recordFor(deps, tx, recipients, parsed, sha256, facts)));
  for (const record of records) await deps.inboundBodies.save(record._id, raw);
  if (!(await deps.inboundMessages.insertAll(records))) {
    await Promise.all(giveBacks.map((giveBack) => giveBack()));
    return { accepted: 'already received', stored: [] };
  }
  return { accepted: records.map((r) => r._id).join(' '), stored: records };
}

function byTenant(recipients: AcceptedRecipient[]): Map<string, AcceptedRecipient[]> {
  const grouped = new Map<string, AcceptedRecipient[]>();
  for (const r of recipients) grouped.set(r.tenantId, [...(grouped.get(r.tenantId) ?? []), r]);
  return grouped;
}

/** Takes one message of each tenant's month, all or none; null (nothing taken) when one tenant is past its limit. */
async function countPerTenant(deps: MailDeps, tenantIds: string[]) {
  const giveBacks: Array<() => Promise<void>> = [];
  for (const tenantId of tenantIds) {
    const giveBack = await takeInbound(deps, tenantId, 1);
    if (!giveBack) {
      await Promise.all(giveBacks.map((g) => g()));
      return null;
    }
    giveBacks.push(giveBack);
  }
  return giveBacks;
}

const actionOf = (route: AcceptedRecipient['route']) => (route.action.type === 'hold' ? ('hold' as const) : ('webhook' as const));

async function recordFor(
  deps: MailDeps,
  tx: InboundTransaction,
  recipients: AcceptedRecipient[],
  parsed: ParsedInbound,
  sha256: string,
  facts: Pick<InboundMessageRecord, 'authentication' | 'hops'>,
): Promise<InboundMessageRecord> {
  const now = deps.clock.now();
  const [first] = recipients;
  const { tenantId } = first;
  const listed = recipients.map((r) => ({ address: r.address, routeId: r.route._id, action: actionOf(r.route) }));
  const addresses = listed.map((r) => r.address.toLowerCase()).sort();
  const record: InboundMessageRecord = {
    _id: newId('inb', now.getTime()),
    tenantId,
    routeId: first.route._id,
    action: listed.some((r) => r.action === 'webhook') ? 'webhook' : 'hold',
    recipient: first.address,
    recipients: listed,
    routeIds: [...new Set(listed.map((r) => r.routeId))],
    // Only this tenant's recipients: another tenant's addresses in the same transaction are none of its business.
    envelope: { ...tx.envelope, to: recipients.map((r) => r.address) },
    from: parsed.from ? (parsed.from.name ? `${parsed.from.name} <${parsed.from.address}>` : parsed.from.address) : '',
    fromAddress: parsed.from?.address.toLowerCase() ?? null,
    subject: parsed.subject,
    internetMessageId: parsed.internetMessageId,
    inReplyToEmailId: await repliedEmailId(deps, tenantId, parsed),
    attachments: parsed.attachments.map(({ content: _bytes, ...meta }) => meta),
    ...facts,
    dedupKey: `${tenantId}:${createHash('sha256').update(addresses.join(',')).digest('hex')}:${sha256}`,
    receivedAt: now,
    bodyExpiresAt: await bodyExpiry(deps, tenantId, now),
    bodyPurgedAt: null,
    ...carrying([]),
  };
  // One event per webhook route, naming the first address it took.
  const firstPerRoute = new Map<string, AcceptedRecipient>();
  for (const r of recipients) if (actionOf(r.route) === 'webhook' && !firstPerRoute.has(r.route._id)) firstPerRoute.set(r.route._id, r);
  const events = [...firstPerRoute.values()].map((r) => {
    const data = receivedData(deps, { ...record, recipient: r.address, routeId: r.route._id }, parsed, now);
    return receivedEvent(
      record,
      data,
      r.route.action.endpointId ?? null,
      deps.config.inbound?.eventContentBytes ?? DEFAULT_EVENT_CONTENT_BYTES,
    );
  });
  return { ...record, ...carrying(events) };
}

/** Publishes what a transaction stored (after its 250); the sweeper publishes what the broker refused now. */
export async function announceReceived(deps: MailDeps, records: InboundMessageRecord[]): Promise<void> {
  for (const record of records) await deps.inboundMessages.announce(record, (event) => deps.broker.publish(event));
}
