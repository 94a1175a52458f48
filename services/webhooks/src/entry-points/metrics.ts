import { counter, type MetricsRegistry } from '@mailplane/runtime';
import type { WebhooksMetrics } from '../domain/deps';

/** Webhook delivery attempts by outcome, as they happen. */
export function webhooksMetrics(registry: MetricsRegistry): WebhooksMetrics {
  const deliveries = counter(registry, {
    name: 'mailplane_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered; retrying; failed: no retry left; gone: the endpoint answered 410; cancelled)',
    labelNames: ['service', 'outcome'] as const,
  });
  return { delivery: (outcome) => deliveries.inc({ service: 'webhooks', outcome }) };
}
