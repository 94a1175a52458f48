import MailComposer from 'nodemailer/lib/mail-composer';

/** Everything that goes into one outgoing message; ids and date are decided by the caller. */
export interface RenderInput {
  from: string;
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType?: string }[];
  /** Our `msg_…` id: the Message-ID becomes `<id@sendingDomain>` and `X-Mailplane-Message-Id` carries it as is. */
  messageId: string;
  /** The identity's domain (the DKIM `d=`), so the Message-ID is aligned with the signer. */
  sendingDomain: string;
  date: Date;
  listUnsubscribeUrl?: string;
}

/** Headers the renderer owns; letting tenant headers set them would break signing or unsubscribe. */
const RESERVED_HEADERS = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'date', 'message-id', 'reply-to', 'sender', 'mime-version',
  'content-type', 'content-transfer-encoding', 'dkim-signature', 'list-unsubscribe', 'list-unsubscribe-post',
  'x-mailplane-message-id',
]);

// RFC 5322 msg-id: dot-atom-text "@" dot-atom-text; we only ever need ids and DNS names.
const MESSAGE_ID_LEFT = /^[A-Za-z0-9_.-]+$/;
const MESSAGE_ID_RIGHT = /^[A-Za-z0-9.-]+$/;

/**
 * Builds the RFC 5322 message. Every body part leaves 7-bit (quoted-printable or base64): dkim-signer
 * canonicalizes 8-bit whitespace such as NBSP wrongly, so signatures over 8-bit bodies would not verify.
 */
export async function renderMime(input: RenderInput): Promise<Buffer> {
  const custom = Object.entries(input.headers ?? {});
  const reserved = custom.find(([name]) => RESERVED_HEADERS.has(name.toLowerCase()));
  if (reserved) throw new Error(`header ${reserved[0]} is set by the renderer and cannot be overridden`);
  if (!MESSAGE_ID_LEFT.test(input.messageId) || !MESSAGE_ID_RIGHT.test(input.sendingDomain)) {
    throw new Error(`cannot build a Message-ID from ${JSON.stringify(input.messageId)} and ${JSON.stringify(input.sendingDomain)}`);
  }
  const headers: Record<string, string> = { ...Object.fromEntries(custom), 'X-Mailplane-Message-Id': input.messageId };
  if (input.listUnsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${input.listUnsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    replyTo: input.replyTo,
    subject: input.subject,
    text: input.text,
    html: input.html,
    messageId: `<${input.messageId}@${input.sendingDomain}>`,
    date: input.date,
    headers,
    attachments: input.attachments?.map((a) => ({ filename: a.filename, content: a.content, encoding: 'base64', contentType: a.contentType })),
    textEncoding: 'quoted-printable',
    newline: 'win',
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
