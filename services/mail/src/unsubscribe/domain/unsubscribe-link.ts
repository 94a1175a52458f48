import type { MessageRecord } from '../../data-access/messages-repo';
import { parseMailbox } from '../../domain/address';
import type { MailDeps } from '../../domain/deps';

/** The message's one-click link; its token expires a fixed time after the message was accepted, so retries carry the same link. */
export function unsubscribeUrl(deps: Pick<MailDeps, 'config' | 'unsubscribeTokens'>, message: MessageRecord): string {
  const token = deps.unsubscribeTokens.sign({
    tenantId: message.tenantId,
    messageId: message._id,
    email: parseMailbox('to', message.to).address.toLowerCase(),
    expiresAt: Math.floor(message.createdAt.getTime() / 1000) + deps.config.unsubscribeTtlDays * 86_400,
  });
  return `${deps.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}
