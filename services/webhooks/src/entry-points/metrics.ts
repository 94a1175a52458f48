import { counter, type MetricsRegistry } from '@mailplane/runtime';
import type { DeliveryOutcome, WebhooksMetrics } from '../domain/deps';

const OUTCOMES: DeliveryOutcome[] = ['delivered', 'retrying', 'failed', 'gone', 'cancelled'];

/** Webhook delivery attempts by outcome, as they happen. */
export function webhooksMetrics(registry: MetricsRegistry): WebhooksMetrics {
  const deliveries = counter(registry, {
    name: 'mailplane_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered; retrying; failed: no retry left; gone: the endpoint answered 410; cancelled)',
    labelNames: ['service', 'outcome'] as const,
  });
  // Every outcome starts at 0, so a rate over it exists before the first delivery.
  for (const outcome of OUTCOMES) deliveries.inc({ service: 'webhooks', outcome }, 0);
  return { delivery: (outcome) => deliveries.inc({ service: 'webhooks', outcome }) };
}
