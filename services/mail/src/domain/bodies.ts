import type { SendEmailRequest } from '@mailplane/contracts';
import type { AttachedFile, MessageBody, MessageRecord } from '../data-access/messages-repo';
import type { MailDeps } from './deps';

/** The part of a send that goes to the blob store: with a template, the variables too, so retention deletes them with it. */
export const bodyOf = (input: SendEmailRequest, variables?: Record<string, unknown> | null): MessageBody => ({
  text: input.text ?? null,
  html: input.html ?? null,
  attachments: input.attachments ?? [],
  ...(variables ? { variables } : {}),
});

export const describeAttachments = (attachments: MessageBody['attachments']): AttachedFile[] =>
  attachments.map((a) => ({ filename: a.filename, contentType: a.contentType ?? null, bytes: Buffer.byteLength(a.content, 'base64') }));

/** Records written before bodies moved to the blob store carry theirs inline. */
export const hasInlineBody = (message: MessageRecord) => message.attachments !== undefined;

export async function loadBody(deps: MailDeps, message: MessageRecord): Promise<MessageBody | null> {
  if (hasInlineBody(message)) return { text: message.text ?? null, html: message.html ?? null, attachments: message.attachments ?? [] };
  if (message.bodyPurgedAt) return null;
  return deps.bodies.load(message._id);
}
