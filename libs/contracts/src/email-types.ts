// Sending and message shapes of the HTTP API, generated from openapi.yaml.
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
/** Body of POST /emails/test. */
export type SendTestEmailRequest = Schemas['SendTestEmailRequest'];
/** 202 answer of POST /emails and POST /emails/test. */
export type SendResult = Schemas['SendResult'];
/** A message as listed by GET /emails. */
export type EmailSummary = Schemas['EmailSummary'];
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
/** GET /emails/{id}. */
export type Email = Schemas['Email'];

/**
 * The internal operation on `rpc.mail` (never routed by the gateway) by which the SMTP submission listener hands over
 * a message it parsed: mail runs the accept path of POST /emails on it.
 */
export const SUBMIT_EMAIL_OPERATION = 'submitEmail';

/**
 * The internal operation on `rpc.mail` (never routed by the gateway) by which the gateway sends the platform's own
 * mail (invitations, password resets, sign-in links) as the system sender: kind `system`, outside that tenant's
 * quota and send rate (the gateway's budgets bound it), exempt from its suppression list, with no List-Unsubscribe.
 */
export const SEND_SYSTEM_EMAIL_OPERATION = 'sendSystemEmail';

/**
 * A Message-ID a submitted message may keep (`<left@right>`, printable ASCII without spaces, at most 500 characters):
 * anything else is replaced by the platform's own.
 */
export const KEPT_MESSAGE_ID = /^<[!-;=?-~]{1,250}@[!-;=?-~]{1,249}>$/;

/** The body of `submitEmail`: the message as a send, and the Message-ID it was submitted with. */
export interface SubmittedEmail {
  /** Its `to` is empty when no envelope recipient is named in a To header (Bcc only). */
  email: SendEmailRequest;
  /** Matches KEPT_MESSAGE_ID; it stays the message's Message-ID and is its idempotency key for 24 h. Null when none. */
  messageId: string | null;
}
