import type { InboundMessageRecord } from '../../data-access/inbound-messages-repo';
import type { MessageRecord } from '../../data-access/messages-repo';
import type { MailDeps } from '../deps';
import { recipientsOf } from '../recipients';
import { headerValue, type ParsedInbound } from './parse';

/** More `Received:` lines than this is a loop whatever made it (RFC 5321 §6.3; Postfix's hopcount_limit is 50). */
export const MAX_RECEIVED = 30;
// An automatic answer that does not thread is taken to answer the newest message from its recipient this recently.
const ANSWER_WINDOW_MS = 10 * 60_000;
const MESSAGE_ID = /^msg_[0-9a-z]{26}$/;

export const receivedCount = (parsed: ParsedInbound) => parsed.headers.filter((h) => h.name.toLowerCase() === 'received').length;

async function answered(deps: MailDeps, sent: MessageRecord): Promise<InboundMessageRecord | null> {
  const inReplyTo = Object.entries(sent.headers ?? {}).find(([name]) => name.toLowerCase() === 'in-reply-to')?.[1];
  const threaded = inReplyTo ? await deps.inboundMessages.byInternetMessageId(sent.tenantId, inReplyTo.trim()) : null;
  if (threaded) return threaded;
  const to = recipientsOf(sent)[0]?.address.toLowerCase();
  if (!to) return null;
  return deps.inboundMessages.latestFrom(sent.tenantId, to, new Date(sent.createdAt.getTime() - ANSWER_WINDOW_MS), sent.createdAt);
}

/**
 * 0 unless it carries the `X-Mailplane-Message-Id` of a message we sent; then one more than the received message that one
 * answered. So an application answering what it receives to an address that comes back here counts up until 554 5.4.6.
 */
export async function hopsOf(deps: MailDeps, parsed: ParsedInbound): Promise<number> {
  const ours = headerValue(parsed.headers, 'x-mailplane-message-id')?.trim();
  if (!ours || !MESSAGE_ID.test(ours)) return 0;
  const sent = await deps.messages.anyTenantById(ours);
  if (!sent) return 0;
  return 1 + ((await answered(deps, sent))?.hops ?? 0);
}
