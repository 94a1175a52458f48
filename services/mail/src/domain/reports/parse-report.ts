import type { ParsedMail } from 'mailparser';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const mailparser = (): typeof import('mailparser') => require('mailparser');

export interface IncomingReport {
  kind: 'bounce' | 'delay' | 'complaint';
  recipient: string;
  /** The DSN status (`5.1.1`), or the feedback type of a complaint (`abuse`). */
  status: string | null;
  diagnostic: string | null;
}

const MAX_DIAGNOSTIC = 500;

/** RFC 822-style fields of one block, unfolded; names lowercased; the first occurrence of a name wins. */
function fields(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!out.has(name)) out.set(name, line.slice(colon + 1).trim());
  }
  return out;
}

/** `rfc822; a@b.c` or `<a@b.c>` → `a@b.c`. */
const addressIn = (value: string | undefined) => {
  const bare = value
    ?.replace(/^[a-z0-9-]+\s*;\s*/i, '')
    .replace(/^<|>$/g, '')
    .trim();
  return bare && /^[^\s@<>]+@[^\s@<>]+$/.test(bare) ? bare : null;
};

const partOf = (mail: ParsedMail, type: string) => mail.attachments.find((a) => a.contentType.toLowerCase() === type);

/** A DSN (RFC 3464) or an ARF abuse report (RFC 5965), one entry per recipient; anything else says nothing (an empty list). */
export function parseReport(mail: ParsedMail): IncomingReport[] {
  const dsn = partOf(mail, 'message/delivery-status') ?? partOf(mail, 'message/global-delivery-status');
  if (dsn) return deliveryStatus(dsn.content.toString('utf8'));
  const arf = partOf(mail, 'message/feedback-report');
  if (arf) return feedback(arf.content.toString('utf8'));
  return [];
}

function deliveryStatus(text: string): IncomingReport[] {
  // The first block is about the message; each later one about a recipient.
  const [, ...recipients] = text.split(/\r?\n\s*\r?\n/).filter((b) => b.trim() !== '');
  return recipients.flatMap((block) => {
    const f = fields(block);
    const recipient = addressIn(f.get('final-recipient')) ?? addressIn(f.get('original-recipient'));
    const action = f.get('action')?.toLowerCase();
    const status = /^([245])\.\d{1,3}\.\d{1,3}/.exec(f.get('status') ?? '')?.[0] ?? null;
    if (!recipient || !action) return [];
    const kind = action === 'failed' && status?.startsWith('5') ? 'bounce' : action === 'delayed' ? 'delay' : null;
    if (!kind) return [];
    return [{ kind, recipient, status, diagnostic: f.get('diagnostic-code')?.slice(0, MAX_DIAGNOSTIC) ?? null }];
  });
}

function feedback(text: string): IncomingReport[] {
  const f = fields(text);
  const recipient = addressIn(f.get('original-rcpt-to'));
  if (!recipient) return [];
  return [{ kind: 'complaint', recipient, status: f.get('feedback-type')?.toLowerCase().slice(0, 40) ?? 'abuse', diagnostic: null }];
}

/** Parses raw report bytes (mailparser, keeping the delivery-status part as a part rather than text). */
export async function readReport(raw: Buffer): Promise<IncomingReport[]> {
  const mail = await mailparser().simpleParser(raw, {
    keepDeliveryStatus: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  return parseReport(mail);
}
