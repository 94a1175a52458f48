import type { AddressObject, EmailAddress } from 'mailparser';
import type { EmailReceived } from '@mailplane/contracts';
import { stripReply } from './strip-reply';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const mailparser = (): typeof import('mailparser') => require('mailparser');

type Mailbox = EmailReceived['to'][number];

export interface ParsedInbound {
  from: Mailbox | null;
  to: Mailbox[];
  cc: Mailbox[];
  replyTo: Mailbox[];
  subject: string;
  date: string | null;
  internetMessageId: string | null;
  inReplyTo: string | null;
  references: string[];
  text: string | null;
  html: string | null;
  strippedText: string | null;
  headers: EmailReceived['headers'];
  attachments: { filename: string | null; contentType: string; size: number; contentId: string | null; content: Buffer }[];
}

const flat = (list: EmailAddress[]): Mailbox[] =>
  list.flatMap((a) => (a.group ? flat(a.group) : a.address ? [{ address: a.address, name: a.name || null }] : []));
const mailboxes = (field: AddressObject | AddressObject[] | undefined): Mailbox[] =>
  field ? (Array.isArray(field) ? field : [field]).flatMap((f) => flat(f.value)) : [];
const validDate = (d: Date | undefined) => (d && !Number.isNaN(d.getTime()) ? d.toISOString() : null);

export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  const mail = await mailparser().simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, keepCidLinks: true });
  const text = mail.text ?? null;
  return {
    from: mailboxes(mail.from)[0] ?? null,
    to: mailboxes(mail.to),
    cc: mailboxes(mail.cc),
    replyTo: mailboxes(mail.replyTo),
    subject: mail.subject ?? '',
    date: validDate(mail.date),
    internetMessageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ?? null,
    references: typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []),
    text,
    html: typeof mail.html === 'string' ? mail.html : null,
    strippedText: text === null ? null : stripReply(text),
    headers: mail.headerLines.map(({ key, line }) => ({
      name: line.slice(0, key.length),
      value: line
        .slice(key.length + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    })),
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
      contentId: a.cid ?? null,
      content: a.content,
    })),
  };
}

export const headerValue = (headers: { name: string; value: string }[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value;
