import { AppError, MAX_RECIPIENTS } from '@mailplane/contracts';
import type { MessageRecord, RecipientState } from '../data-access/messages-repo';
import type { RelayResult } from '../transmit/smtp-relay';
import { acceptMailbox, parseMailbox } from './address';
import type { MailDeps } from './deps';
import { isSuppressed } from './suppressions';

const KINDS = ['to', 'cc', 'bcc'] as const;

type Listed = string | string[] | undefined;

export interface ParsedRecipients {
  /** The To header as given, its mailboxes joined by `, `: what lists, searches and events show as `to`. */
  toHeader: string;
  to: string[];
  cc: string[];
  bcc: string[];
  all: { address: string; name: string | null; kind: (typeof KINDS)[number]; mailbox: string }[];
}

const asList = (value: Listed) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Parses `to`, `cc` and `bcc` (each one mailbox or a list); at most 50 in all. `at`: the send's JSON pointer. */
export function parseRecipients(input: { to: string | string[]; cc?: Listed; bcc?: Listed }, at = '/body'): ParsedRecipients {
  const lists = { to: asList(input.to), cc: asList(input.cc), bcc: asList(input.bcc) };
  const count = lists.to.length + lists.cc.length + lists.bcc.length;
  if (count > MAX_RECIPIENTS) {
    throw new AppError('validation_failed', `At most ${MAX_RECIPIENTS} recipients in all (to, cc and bcc); this send has ${count}.`, {
      extra: { errors: [{ path: `${at}/to`, message: `more than ${MAX_RECIPIENTS} recipients with cc and bcc` }] },
    });
  }
  const all = KINDS.flatMap((kind) =>
    lists[kind].map((mailbox, i) => {
      const parsed = acceptMailbox(kind, mailbox, `${at}/${kind}${Array.isArray(input[kind]) ? `/${i}` : ''}`);
      return { address: parsed.address, name: parsed.name || null, kind, mailbox };
    }),
  );
  return { toHeader: lists.to.join(', '), ...lists, all };
}

/** The recipients' states; a message stored before multi-recipient sends has its one `to`, in the message's state. */
export function recipientsOf(message: MessageRecord): RecipientState[] {
  if (message.recipients) return message.recipients;
  const { address, name } = parseMailbox('to', message.to);
  const last = message.attempts.at(-1);
  const status = ({ sent: 'sent', failed: 'failed', suppressed: 'suppressed', canceled: 'canceled' } as const)[
    message.status as 'sent' | 'failed' | 'suppressed' | 'canceled'
  ];
  return [
    {
      address,
      name: name || null,
      kind: 'to',
      status: status ?? 'pending',
      smtpCode: last?.smtpCode ?? null,
      response: last?.response ?? null,
    },
  ];
}

export const pendingOf = (message: MessageRecord) => recipientsOf(message).filter((r) => r.status === 'pending');

/** Lowercased addresses, for the `recipient=` filter. */
export const addressesOf = (recipients: { address: string }[]) => [...new Set(recipients.map((r) => r.address.toLowerCase()))];

export function recipientView(r: RecipientState) {
  return { email: r.address, name: r.name, kind: r.kind, status: r.status, smtpCode: r.smtpCode, response: r.response };
}

export interface ResolvedRecipients {
  parsed: ParsedRecipients;
  suppressed: Set<string>;
}

export async function resolveRecipients(deps: MailDeps, tenantId: string, parsed: ParsedRecipients): Promise<ResolvedRecipients> {
  const addresses = addressesOf(parsed.all);
  const found = await Promise.all(addresses.map((a) => isSuppressed(deps, tenantId, a)));
  return { parsed, suppressed: new Set(addresses.filter((_, i) => found[i])) };
}

/** What a send counts against the quota: each recipient that will be mailed, and one for a message that will not be. */
export const quotaUnits = ({ parsed, suppressed }: ResolvedRecipients) =>
  Math.max(1, parsed.all.filter((r) => !suppressed.has(r.address.toLowerCase())).length);

export const initialStates = ({ parsed, suppressed }: ResolvedRecipients): RecipientState[] =>
  parsed.all.map((r) => ({
    address: r.address,
    name: r.name,
    kind: r.kind,
    status: suppressed.has(r.address.toLowerCase()) ? 'suppressed' : 'pending',
    smtpCode: null,
    response: null,
  }));

type Outcome = Pick<RelayResult, 'outcome' | 'smtpCode' | 'response'>;

/** Each attempted address's own result: its RCPT refusal when it had one, else the transaction's. */
export function outcomeFor(result: RelayResult, address: string): Outcome {
  const refused = ('rejected' in result ? result.rejected : undefined)?.find((r) => r.address.toLowerCase() === address.toLowerCase());
  if (!refused) return result;
  return {
    outcome: refused.smtpCode !== null && refused.smtpCode >= 500 ? 'permanent' : 'temporary',
    smtpCode: refused.smtpCode,
    response: refused.response,
  };
}

export function afterAttempt(message: MessageRecord, result: RelayResult, suppressedNow: Set<string>, canRetry: boolean): RecipientState[] {
  return recipientsOf(message).map((r) => {
    if (r.status !== 'pending') return r;
    if (suppressedNow.has(r.address.toLowerCase())) return { ...r, status: 'suppressed' };
    const own = outcomeFor(result, r.address);
    const status = own.outcome === 'sent' ? 'sent' : own.outcome === 'temporary' && canRetry ? 'pending' : 'failed';
    return { ...r, status, smtpCode: own.smtpCode, response: own.response.slice(0, 1000) };
  });
}

export function messageOutcome(recipients: RecipientState[]): 'deferred' | 'sent' | 'failed' {
  if (recipients.some((r) => r.status === 'pending')) return 'deferred';
  return recipients.some((r) => r.status === 'sent') ? 'sent' : 'failed';
}
