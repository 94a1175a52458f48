import { counter, gaugeReadAtScrape, type Clock, type MetricsRegistry } from '@mailplane/runtime';
import type { MessagesRepo } from '../data-access/messages-repo';
import type { ReputationRepo } from '../data-access/reputation-repo';
import type { MailMetrics, SmtpClass } from '../domain/deps';
import type { DeliveryPacer } from '../domain/delivery/pacing';

const SERVICE = 'mail';
const CLASSES: SmtpClass[] = ['2xx', '4xx', '5xx', 'connection', 'local'];

/** Mail's series: delivery attempts as they happen; messages and the outbox read from the store at each scrape. */
export function mailMetrics(
  registry: MetricsRegistry,
  { messages, pacer, clock, reputation }: { messages: MessagesRepo; pacer: DeliveryPacer; clock: Clock; reputation: ReputationRepo },
): MailMetrics {
  gaugeReadAtScrape(
    registry,
    {
      name: 'mailplane_tenants_by_sending_status',
      help: 'Tenants by sending status: healthy, under_review, paused',
      labelNames: ['status'],
    },
    SERVICE,
    async () => Object.entries(await reputation.countByStatus()).map(([status, value]) => ({ labels: { status }, value })),
  );
  const attempts = counter(registry, {
    name: 'mailplane_delivery_attempts_total',
    help: 'SMTP delivery attempts, by the class of the MTA answer (2xx, 4xx, 5xx; connection: none came; local: not sent)',
    labelNames: ['service', 'class'] as const,
  });
  // Every class starts at 0, so a rate over it exists before the first attempt.
  for (const smtpClass of CLASSES) attempts.inc({ service: SERVICE, class: smtpClass }, 0);
  gaugeReadAtScrape(
    registry,
    { name: 'mailplane_messages', help: 'Stored messages, by status', labelNames: ['status'] },
    SERVICE,
    async () => Object.entries(await messages.countByStatus()).map(([status, value]) => ({ labels: { status }, value })),
  );
  gaugeReadAtScrape(
    registry,
    { name: 'mailplane_outbox_backlog_messages', help: 'Messages not yet final: queued, deferred or being sent', labelNames: [] },
    SERVICE,
    async () => {
      const c = await messages.countByStatus();
      return [{ labels: {}, value: c.queued + c.deferred + c.sending }];
    },
  );
  gaugeReadAtScrape(
    registry,
    {
      name: 'mailplane_outbox_oldest_due_age_seconds',
      help: 'How long the longest-waiting due message (queued, or deferred and due) has waited for its attempt; 0 when none',
      labelNames: [],
    },
    SERVICE,
    async () => {
      const due = await messages.earliestDue();
      return [{ labels: {}, value: due ? Math.max(0, (clock.now().getTime() - due.getTime()) / 1000) : 0 }];
    },
  );
  gaugeReadAtScrape(
    registry,
    { name: 'mailplane_outbox_unannounced_messages', help: 'Messages whose events the broker has not confirmed yet', labelNames: [] },
    SERVICE,
    async () => [{ labels: {}, value: await messages.unannounced() }],
  );
  gaugeReadAtScrape(
    registry,
    {
      name: 'mailplane_delivery_concurrency',
      help: 'Deliveries that may run at once: below SEND_CONCURRENCY while delivery gives way to a busy API',
      labelNames: [],
    },
    SERVICE,
    async () => [{ labels: {}, value: pacer.limit() }],
  );
  const held = counter(registry, {
    name: 'mailplane_delivery_held_total',
    help: "Deliveries put back unattempted because the tenant's sending is paused",
    labelNames: ['service'] as const,
  });
  held.inc({ service: SERVICE }, 0);
  const bounceReplies = counter(registry, {
    name: 'mailplane_bounce_replies_total',
    help: 'Answers of the bounce listener, by reply code (250: a report taken; 421, 451: try later; 550: no such return path; 552: too big)',
    labelNames: ['service', 'code'] as const,
  });
  for (const code of ['250', '451']) bounceReplies.inc({ service: SERVICE, code }, 0);
  return {
    bounceReply: (code) => bounceReplies.inc({ service: SERVICE, code: String(code) }),
    deliveryAttempt: (smtpClass) => attempts.inc({ service: SERVICE, class: smtpClass }),
    deliveryHeld: () => held.inc({ service: SERVICE }),
  };
}
