import { createHmac } from 'node:crypto';

/** A subscription as the hub keeps it; `external_id` is the tenant. */
export interface HubSubscription {
  external_id: string;
  plan_code: string;
  status: 'active' | 'past_due' | 'canceled' | 'lapsed';
  current_period_start: string;
  current_period_end: string;
  scheduled_plan_code: string | null;
  cancel_at_period_end: boolean;
}

export type PeriodEnd = 'renewed' | 'payment_failed' | 'payment_recovered' | 'lapsed';

/** `Hub-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the contract's HubSignature scheme says. */
export function hubSignature(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

const addMonth = (iso: string) => {
  const d = new Date(iso);
  const next = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()),
  );
  next.setUTCDate(Math.min(d.getUTCDate(), new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()));
  return next.toISOString();
};

/**
 * What happens to a subscription when its period ends, and the event the hub sends about it. The hub
 * charges the renewal itself; the test decides how that went.
 */
export function endPeriod(sub: HubSubscription, outcome: PeriodEnd, now: Date): { type: string; data: Record<string, unknown> } {
  if (outcome === 'payment_failed') {
    sub.status = 'past_due';
    return {
      type: 'subscription.payment_failed',
      data: { external_id: sub.external_id, fix_until: new Date(now.getTime() + 7 * 86_400_000).toISOString() },
    };
  }
  if (outcome === 'lapsed') {
    sub.status = 'lapsed';
    return { type: 'subscription.lapsed', data: { external_id: sub.external_id, ended_at: now.toISOString() } };
  }
  if (sub.cancel_at_period_end) {
    sub.status = 'canceled';
    return { type: 'subscription.canceled', data: { external_id: sub.external_id, ended_at: sub.current_period_end } };
  }
  // Renewed on time, or the failed renewal paid late: either way the next period starts.
  sub.status = 'active';
  sub.plan_code = sub.scheduled_plan_code ?? sub.plan_code;
  sub.scheduled_plan_code = null;
  sub.current_period_start = sub.current_period_end;
  sub.current_period_end = addMonth(sub.current_period_start);
  return {
    type: 'subscription.renewed',
    data: {
      external_id: sub.external_id,
      plan_code: sub.plan_code,
      current_period_start: sub.current_period_start,
      current_period_end: sub.current_period_end,
    },
  };
}
