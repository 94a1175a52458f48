import type { Broker } from '@mailplane/broker';
import type { Clock, Logger } from '@mailplane/runtime';
import type { KeyBox } from '@mailplane/secrets';
import type { ReplicaRegistry } from '@mailplane/store';
import type { MailConfig } from '../config';
import type { BodiesRepo } from '../data-access/bodies-repo';
import type { CountersRepo } from '../data-access/counters-repo';
import type { SendLimitsRepo } from '../data-access/send-limits-repo';
import type { DailyStatsRepo } from '../data-access/daily-stats-repo';
import type { EngagementRepo } from '../tracking/data-access/engagement-repo';
import type { EntitlementsRepo } from '../data-access/entitlements-repo';
import type { IdempotencyRepo } from '../data-access/idempotency-repo';
import type { IdentitiesRepo } from '../data-access/identities-repo';
import type { InboundBodiesRepo } from '../data-access/inbound-bodies-repo';
import type { InboundMessagesRepo } from '../data-access/inbound-messages-repo';
import type { InboundRoutesRepo } from '../data-access/inbound-routes-repo';
import type { InboundAnalyzer } from '../inbound-analysis/analysis-pool';
import type { AttachmentLinks } from './inbound/attachment-links';
import type { HitBatches } from '../tracking/domain/hit-batches';
import type { MessagesRepo } from '../data-access/messages-repo';
import type { OutboxQueueRepo } from '../data-access/outbox-queue-repo';
import type { ReputationRepo } from '../data-access/reputation-repo';
import type { SuppressionsRepo } from '../data-access/suppressions-repo';
import type { TemplatesRepo } from '../templates/data-access/templates-repo';
import type { TxtResolver } from '../dns/resolver';
import type { TemplateRunner } from '../templates/run';
import type { TokenSigner } from '../unsubscribe/domain/token';

/** The class of an SMTP attempt's answer: the MTA's reply code class, `connection` when none came, `local` when not sent. */
export type SmtpClass = '2xx' | '4xx' | '5xx' | 'connection' | 'local';

export interface MailMetrics {
  deliveryAttempt(smtpClass: SmtpClass): void;
  deliveryHeld(): void;
  /** The bounce listener answered a client: 250 for a report taken, else the refusal's code (421, 451, 550, 552). */
  bounceReply(code: number): void;
}

export interface MailDeps {
  config: MailConfig;
  identities: IdentitiesRepo;
  messages: MessagesRepo;
  /** Which broker queue the live messages are on (start-up recovery). */
  outboxQueue: OutboxQueueRepo;
  replicas: ReplicaRegistry;
  bodies: BodiesRepo;
  suppressions: SuppressionsRepo;
  templates: TemplatesRepo;
  templateRunner: TemplateRunner;
  engagement: EngagementRepo;
  engagementHits: HitBatches;
  unsubscribeTokens: TokenSigner;
  counters: CountersRepo;
  sendLimits: SendLimitsRepo;
  dailyStats: DailyStatsRepo;
  reputation: ReputationRepo;
  entitlements: EntitlementsRepo;
  idempotency: IdempotencyRepo;
  inboundRoutes: InboundRoutesRepo;
  inboundMessages: InboundMessagesRepo;
  inboundBodies: InboundBodiesRepo;
  attachmentLinks: AttachmentLinks;
  inboundAnalysis: InboundAnalyzer;
  keyBox: KeyBox;
  resolver: TxtResolver;
  broker: Broker;
  clock: Clock;
  logger: Logger;
  metrics: MailMetrics;
}
