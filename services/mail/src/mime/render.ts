import MailComposer from 'nodemailer/lib/mail-composer';
// Not the package's index: that loads the OpenAPI document and its validators, which a delivery thread never needs.
import { KEPT_MESSAGE_ID } from '@mailplane/contracts/email-types';
import { isReservedHeader } from '@mailplane/contracts/limits';
import { trackHtml, type HtmlTracking } from '../tracking/rewrite-html';
import { textPart } from '../dkim/text-alternative';

// `newline` reaches MimeNode through MailComposer, but @types/nodemailer 8 does not list it.
type ComposerOptions = ConstructorParameters<typeof MailComposer>[0] & { newline: 'win' };

export type MailboxInput = string | { name: string; address: string };

export interface RenderInput {
  from: MailboxInput;
  to: MailboxInput | MailboxInput[];
  cc?: MailboxInput[];
  subject: string;
  /** Omitted with `html`: derived from it. Empty: no plain-text part. */
  text?: string;
  html?: string;
  replyTo?: MailboxInput;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string; contentType?: string; contentId?: string }[];
  messageId: string;
  messageIdHeader?: string;
  /** The identity's domain (the DKIM `d=`), so the Message-ID is aligned with the signer. */
  sendingDomain: string;
  date: Date;
  listUnsubscribeUrl?: string;
  /** Open and click tracking of the HTML, done here so that the signature covers the rewritten body. */
  tracking?: HtmlTracking;
}

export class RenderError extends Error {
  constructor(
    readonly code: 'RENDER_RESERVED_HEADER' | 'RENDER_BAD_MESSAGE_ID' | 'RENDER_BAD_UNSUBSCRIBE_URL',
    message: string,
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

// RFC 5322 msg-id: dot-atom-text "@" dot-atom-text; we only ever need ids and DNS names.
const MESSAGE_ID_LEFT = /^[A-Za-z0-9_.-]+$/;
const MESSAGE_ID_RIGHT = /^[A-Za-z0-9.-]+$/;

/** Every body part leaves 7-bit (quoted-printable or base64): dkim-signer canonicalizes 8-bit whitespace such as NBSP wrongly. */
export async function renderMime(input: RenderInput): Promise<Buffer> {
  const custom = Object.entries(input.headers ?? {});
  const reserved = custom.find(([name]) => isReservedHeader(name));
  if (reserved) throw new RenderError('RENDER_RESERVED_HEADER', `header ${reserved[0]} is set by the renderer and cannot be overridden`);
  const keptIdIsBad = input.messageIdHeader !== undefined && !KEPT_MESSAGE_ID.test(input.messageIdHeader);
  if (!MESSAGE_ID_LEFT.test(input.messageId) || !MESSAGE_ID_RIGHT.test(input.sendingDomain) || keptIdIsBad) {
    throw new RenderError(
      'RENDER_BAD_MESSAGE_ID',
      `cannot build a Message-ID from ${JSON.stringify(input.messageIdHeader ?? input.messageId)} and ${JSON.stringify(input.sendingDomain)}`,
    );
  }
  const headers: Record<string, string> = { ...Object.fromEntries(custom), 'X-Mailplane-Message-Id': input.messageId };
  if (input.listUnsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${unsubscribeUrl(input.listUnsubscribeUrl)}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const options: ComposerOptions = {
    from: input.from,
    to: input.to,
    cc: input.cc?.length ? input.cc : undefined,
    replyTo: input.replyTo,
    subject: input.subject,
    // Derived from the HTML as written: a text reader gets the real links.
    text: textPart(input.text, input.html),
    html: input.html !== undefined && input.tracking ? trackHtml(input.html, input.tracking) : input.html,
    messageId: input.messageIdHeader ?? `<${input.messageId}@${input.sendingDomain}>`,
    date: input.date,
    headers,
    attachments: input.attachments?.map((a) => ({
      filename: a.filename,
      content: a.content,
      encoding: 'base64',
      contentType: a.contentType,
      cid: a.contentId,
    })),
    textEncoding: 'quoted-printable',
    newline: 'win',
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  return new MailComposer(options).compile().build();
}

/** The WHATWG serialization percent-encodes `<`, `>`, spaces and controls, so the URL cannot break out of `<…>`. */
function unsubscribeUrl(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new RenderError('RENDER_BAD_UNSUBSCRIBE_URL', `List-Unsubscribe URL must be http(s): ${JSON.stringify(url)}`);
  }
  return parsed.href;
}
