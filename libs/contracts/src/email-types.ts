import type { Schemas } from './schemas';

export type MessageStatus = Schemas['MessageStatus'];
export type MessageKind = Schemas['MessageKind'];
export type Tag = Schemas['Tag'];
export type Attachment = Schemas['Attachment'];
/** Body of POST /emails. At least one of `text` and `html`. */
export type SendEmailRequest = Schemas['SendEmailRequest'];
/** An attachment as reads describe it, without its bytes. */
export type AttachedFile = Schemas['AttachedFile'];
/** The body as sent, while retained. */
export type EmailBody = Schemas['EmailBody'];
export type SendTestEmailRequest = Schemas['SendTestEmailRequest'];
/** 202 answer of POST /emails and POST /emails/test. */
export type SendResult = Schemas['SendResult'];
/** A message as listed by GET /emails. */
export type EmailSummary = Schemas['EmailSummary'];
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
export type Email = Schemas['Email'];

/** Internal `rpc.mail` operation (never routed by the gateway): the SMTP listener hands a parsed message to the POST /emails path. */
export const SUBMIT_EMAIL_OPERATION = 'submitEmail';

/** Internal `rpc.mail` operation for the platform's own mail (kind `system`): outside the tenant's quota, rate and suppressions. */
export const SEND_SYSTEM_EMAIL_OPERATION = 'sendSystemEmail';

/** A Message-ID a submitted message may keep (printable ASCII `<left@right>`, at most 500 characters); others are replaced. */
export const KEPT_MESSAGE_ID = /^<[!-;=?-~]{1,250}@[!-;=?-~]{1,249}>$/;

/** The body of `submitEmail`: the message as a send, and the Message-ID it was submitted with. */
export interface SubmittedEmail {
  /** Its `to` is empty when no envelope recipient is named in a To header (Bcc only). */
  email: SendEmailRequest;
  /** Matches KEPT_MESSAGE_ID; it stays the message's Message-ID and is its idempotency key for 24 h. Null when none. */
  messageId: string | null;
}
