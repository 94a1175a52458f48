import { isReservedHeader, type SendEmailRequest, type SubmittedEmail, KEPT_MESSAGE_ID } from '@mailplane/contracts';
import type { ParsedMail } from 'mailparser';
import { asciiAddress, asSendMailbox, mailboxesOf, type Mailbox } from './mailboxes';
import { refuse } from './refusal';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const mailparser = (): typeof import('mailparser') => require('mailparser');

// Besides the API's reserved headers and families (Resent-*, ARC-*, X-Mailplane-*, verdicts): the MIME structure,
// rendered again. A client's message keeps its other fields; these are dropped, not refused, as an MTA would.
const isPlatformOwned = (key: string) => isReservedHeader(key) || key.startsWith('content-');
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+$/;
const CONTENT_ID = /^[!-;=?-~]{1,255}$/;

const unfold = (value: string) => value.replace(/\r?\n(?=[ \t])/g, '').trim();

function headersOf(mail: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const { key, line } of mail.headerLines) {
    if (isPlatformOwned(key) || seen.has(key)) continue;
    seen.add(key);
    headers[line.slice(0, key.length)] = unfold(line.slice(key.length + 1));
  }
  return headers;
}

const rawHeader = (mail: ParsedMail, key: string) => {
  const line = mail.headerLines.find((h) => h.key === key)?.line;
  return line === undefined ? undefined : unfold(line.slice(key.length + 1));
};

/** `X-Mailplane-Tags: name=value, name=value`: the send's tags. */
const tagsOf = (value: string) =>
  value
    .split(',')
    .filter((pair) => pair.trim() !== '')
    .map((pair) => ({ name: pair.split('=')[0].trim(), value: pair.slice(pair.indexOf('=') + 1 || pair.length).trim() }));

// A header may name, beside the recipients, an address no recipient has: that one is only compared, never refused.
function comparable(address: string): string {
  try {
    return asciiAddress(address, 'To').toLowerCase();
  } catch {
    return '';
  }
}

/** Recipients come from the envelope; one that a To or Cc header names is To or Cc there, every other one is Bcc. */
function recipientsOf(envelope: string[], to: Mailbox[], cc: Mailbox[]) {
  const pending = new Map(envelope.map((address) => [comparable(address), asciiAddress(address, 'Recipient')]));
  const named = (list: Mailbox[], where: string) =>
    list.filter((m) => pending.delete(comparable(m.address))).map((m) => asSendMailbox(m, where));
  const shownInTo = named(to, 'To');
  const shownInCc = named(cc, 'Cc');
  return { to: shownInTo, cc: shownInCc, bcc: [...pending.values()] };
}

function oneMailbox(mailboxes: Mailbox[], where: string): string {
  if (mailboxes.length !== 1) throw refuse(550, '5.6.0', `${where} must hold exactly one mailbox; it holds ${mailboxes.length}`);
  return asSendMailbox(mailboxes[0], where);
}

/** The text and HTML parts; an HTML-only message gets its text part derived, as an API send does. */
function bodyOf(mail: ParsedMail) {
  const text = mail.text || undefined;
  const html = mail.html || undefined;
  if (!text && !html) throw refuse(550, '5.6.0', 'The message has no text or HTML body');
  return { ...(text ? { text } : {}), ...(html ? { html } : {}) };
}

const attachmentsOf = (mail: ParsedMail) =>
  mail.attachments.map((a) => ({
    filename:
      a.filename
        ?.split(/[\\/]/)
        .pop()
        ?.replace(/[\r\n\0]/g, '') || 'attachment',
    content: a.content.toString('base64'),
    ...(MEDIA_TYPE.test(a.contentType) ? { contentType: a.contentType } : {}),
    ...(a.cid && CONTENT_ID.test(a.cid) && (a.related || a.contentDisposition === 'inline') ? { contentId: a.cid } : {}),
  }));

/** Nothing the accept path checks (identity, display names, limits) is checked here: mail does, as for POST /emails. */
export async function parseSubmission(raw: Buffer, envelopeTo: string[]): Promise<SubmittedEmail> {
  const mail = await mailparser().simpleParser(raw, {
    keepCidLinks: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const recipients = recipientsOf(envelopeTo, mailboxesOf(mail.to), mailboxesOf(mail.cc));
  const replyTo = mailboxesOf(mail.replyTo);
  const headers = headersOf(mail);
  const tags = rawHeader(mail, 'x-mailplane-tags');
  const scheduledAt = rawHeader(mail, 'x-mailplane-scheduled-at');
  const attachments = attachmentsOf(mail);
  const email: SendEmailRequest = {
    from: oneMailbox(mailboxesOf(mail.from), 'From'),
    to: recipients.to,
    ...(recipients.cc.length ? { cc: recipients.cc } : {}),
    ...(recipients.bcc.length ? { bcc: recipients.bcc } : {}),
    ...(mail.subject !== undefined ? { subject: mail.subject } : {}),
    ...bodyOf(mail),
    ...(replyTo.length ? { replyTo: oneMailbox(replyTo, 'Reply-To') } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(tags !== undefined ? { tags: tagsOf(tags) } : {}),
    ...(scheduledAt !== undefined ? { scheduledAt } : {}),
    ...(attachments.length ? { attachments } : {}),
  } as SendEmailRequest;
  return { email, messageId: mail.messageId && KEPT_MESSAGE_ID.test(mail.messageId) ? mail.messageId : null };
}
