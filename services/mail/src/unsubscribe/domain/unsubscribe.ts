import { AppError } from '@mailplane/contracts';
import type { UnsubscribeClaim } from './token';
import type { MailDeps } from '../../domain/deps';
import { suppress } from '../../domain/suppressions';

const expired = () => new AppError('token_expired', 'This unsubscribe link has expired.');
const invalid = () => new AppError('token_invalid', 'This unsubscribe link is not valid.');

export function checkUnsubscribeToken(deps: MailDeps, token: string): UnsubscribeClaim {
  const checked = deps.unsubscribeTokens.verify(token, deps.clock.now());
  if (!checked.ok) throw checked.reason === 'expired' ? expired() : invalid();
  return checked.claim;
}

/** RFC 8058: a valid token always succeeds (also when already suppressed); any other is invalid, as the spec lists no 410. */
export async function unsubscribe(deps: MailDeps, tokens: { query?: string; body?: string }): Promise<{ email: string }> {
  const token = tokens.query ?? tokens.body;
  if (!token || (tokens.query && tokens.body && tokens.query !== tokens.body)) throw invalid();
  const checked = deps.unsubscribeTokens.verify(token, deps.clock.now());
  if (!checked.ok) throw invalid();
  const { tenantId, email, messageId } = checked.claim;
  await suppress(deps, tenantId, { email, reason: 'unsubscribed', messageId });
  deps.logger.info('recipient unsubscribed', { tenantId, messageId });
  return { email };
}
