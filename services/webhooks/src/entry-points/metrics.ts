import { counter, type MetricsRegistry } from '@mailplane/runtime';
import type { DeliveryOutcome, PostponeReason, WebhooksMetrics } from '../domain/deps';

const OUTCOMES: DeliveryOutcome[] = ['delivered', 'retrying', 'failed', 'gone', 'cancelled'];
const REASONS: PostponeReason[] = ['busy', 'paused'];

export function webhooksMetrics(registry: MetricsRegistry): WebhooksMetrics {
  const deliveries = counter(registry, {
    name: 'mailplane_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered; retrying; failed: no retry left; gone: the endpoint answered 410; cancelled)',
    labelNames: ['service', 'outcome'] as const,
  });
  const postponed = counter(registry, {
    name: 'mailplane_webhook_postponed_total',
    help: "Due webhook deliveries sent to wait without an attempt, by reason (busy: the tenant's or endpoint's places in this replica are taken; paused: the endpoint is failing)",
    labelNames: ['service', 'reason'] as const,
  });
  const redispatched = counter(registry, {
    name: 'mailplane_webhook_redispatched_total',
    help: 'Pending webhook deliveries whose work item was lost and that the sweeper queued again',
    labelNames: ['service'] as const,
  });
  // Every series starts at 0, so a rate over it exists before the first event.
  for (const outcome of OUTCOMES) deliveries.inc({ service: 'webhooks', outcome }, 0);
  for (const reason of REASONS) postponed.inc({ service: 'webhooks', reason }, 0);
  redispatched.inc({ service: 'webhooks' }, 0);
  return {
    delivery: (outcome) => deliveries.inc({ service: 'webhooks', outcome }),
    postponed: (reason) => postponed.inc({ service: 'webhooks', reason }),
    redispatched: (count) => redispatched.inc({ service: 'webhooks' }, count),
  };
}
