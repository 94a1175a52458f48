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
