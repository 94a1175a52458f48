import { AppError, type SendEmailRequest } from '@mailplane/contracts';
import { toProblem } from '@mailplane/runtime';
import { acceptedAs, acceptMessages, type AcceptedEmail } from './accept-message';
import { UNBOUNDED, type Budget } from './budget';
import type { MailDeps } from './deps';
import { assertSendingAllowed } from './reputation/standing';
import { onceFor } from './idempotency';
import { takeRateLimit, withinQuota } from './limits';
import { prepareSend, resolveSend, type PreparedSend } from './prepare-send';
import { quotaUnits } from './recipients';

export type BatchItem = AcceptedEmail | { error: ReturnType<typeof toProblem> };

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** The reserved id's last two characters number the email, so a retry under the same Idempotency-Key finds the same ids. */
export const batchItemId = (reserved: string, i: number) => `${reserved.slice(0, -2)}${CROCKFORD[i >> 5]}${CROCKFORD[i & 31]}`;

/** POST /emails/batch: a refused email answers its problem and the others go on, all accepted ones in one round of writes. */
export async function sendEmailBatch(
  deps: MailDeps,
  tenantId: string,
  items: SendEmailRequest[],
  request: { idempotencyKey?: string; budget?: Budget; requestId?: string; keyDomain?: string | null } = {},
) {
  const budget = request.budget ?? UNBOUNDED;
  const requestId = request.requestId ?? 'batch';
  await assertSendingAllowed(deps, tenantId);
  const rateLimit = await takeRateLimit(deps, tenantId, items.length);
  const prepare = (item: SendEmailRequest, i: number) =>
    prepareSend(deps, tenantId, item, `/body/${i}`, request.keyDomain ?? null).catch((err: unknown) => refusal(err, requestId));
  const prepared = await Promise.all(items.map(prepare));

  const perform = async (reserved: string): Promise<BatchItem[]> => {
    const resolved = await Promise.all(
      prepared.map((p) => ('error' in p ? p : resolveSend(deps, tenantId, p).catch((err: unknown) => refusal(err, requestId)))),
    );
    const accepted = prepared.flatMap((p, i) => {
      const r = resolved[i];
      return 'error' in p || 'error' in r ? [] : [{ i, prepared: p as PreparedSend, ...r }];
    });
    if (accepted.length === 0) return resolved as BatchItem[];
    const tenant = await deps.entitlements.byTenant(tenantId);
    const units = accepted.reduce((n, a) => n + quotaUnits(a.recipients), 0);
    const acceptances = accepted.map(({ i, prepared: p, ...decided }) => ({
      identity: p.identity,
      kind: 'standard' as const,
      messageId: batchItemId(reserved, i),
      requestId: request.requestId,
      tenant,
      ...decided,
    }));
    const emails = await withinQuota(deps, tenantId, units, tenant, () => acceptMessages(deps, tenantId, acceptances, budget));
    // Null: a request with the same key stored the batch first, and its acceptance is ours.
    if (!emails) return (await stored(reserved)) as BatchItem[];
    const byItem = new Map(accepted.map((a, k) => [a.i, emails[k]]));
    return resolved.map((r, i) => ('error' in r ? r : (byItem.get(i) as AcceptedEmail)));
  };

  // After a crash, the batch's stored emails answer for themselves; the refused ones are refused again (their
  // refusal came from the email itself or the tenant's identities, which a retry meets the same way).
  const stored = async (reserved: string): Promise<BatchItem[] | null> => {
    const found = await deps.messages.byIds(
      tenantId,
      items.map((_, i) => batchItemId(reserved, i)),
    );
    if (found.length === 0) return null;
    const byId = new Map(found.map((m) => [m._id, m]));
    return items.map((_, i) => {
      const message = byId.get(batchItemId(reserved, i));
      if (message) return acceptedAs(message);
      const p = prepared[i];
      return 'error' in p
        ? p
        : refusal(
            new AppError('validation_failed', 'This email was refused when the batch was first processed; send it again.'),
            requestId,
          );
    });
  };

  const key = { tenantId, rawKey: request.idempotencyKey, body: items, budget };
  const { outcome, replayed } = await onceFor(deps, key, { perform, stored });
  return { results: outcome, replayed, rateLimit };
}

/** An email's own refusal, as its entry in the answer; anything but a refusal of that email fails the whole batch. */
function refusal(err: unknown, requestId: string): { error: ReturnType<typeof toProblem> } {
  if (!(err instanceof AppError) || !ITEM_CODES.has(err.code)) throw err;
  return { error: toProblem(err, requestId) };
}

const ITEM_CODES = new Set([
  'validation_failed',
  'unsafe_display_name',
  'identity_unverified',
  'from_domain_mismatch',
  'key_domain_mismatch',
  'template_unavailable',
  'template_variables_missing',
  'template_render_failed',
  'tracking_domain_unverified',
]);
