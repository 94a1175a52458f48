import type { RejectedRecipient, RelayResult, SmtpEnvelope, SmtpRelay } from './smtp-relay';

/**
 * Relays one signed message in a transaction per envelope, side by side, and answers as one transaction would: the
 * answer of the first transaction accepted (else the first begun) stands for the message, and every recipient whose
 * own transaction answered otherwise is listed in `rejected` with its reply (one not begun, as a reply-less refusal:
 * temporary, it is tried again). Not begun at all only when no transaction was.
 */
export async function relayEach(relay: SmtpRelay, raw: string, envelopes: SmtpEnvelope[], openBy?: number): Promise<RelayResult> {
  if (envelopes.length === 1) return relay.relay(raw, envelopes[0], openBy);
  const results = await Promise.all(envelopes.map((envelope) => relay.relay(raw, envelope, openBy)));
  const main = results.find((r) => r.outcome === 'sent') ?? results.find((r) => r.outcome !== 'not-begun');
  if (!main) return results[0];
  const rejected = results.flatMap((result, i): RejectedRecipient[] => {
    const own = result.outcome === 'not-begun' ? [] : (result.rejected ?? []);
    if (result === main || (result.outcome === 'sent' && main.outcome === 'sent')) return own;
    const others = envelopes[i].to.filter((address) => !own.some((r) => r.address === address));
    return [...own, ...others.map((address) => ({ address, smtpCode: result.smtpCode, response: result.response }))];
  });
  return { ...main, rejected };
}
