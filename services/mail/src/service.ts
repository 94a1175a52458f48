import { replicaCaches, type Broker } from '@mailplane/broker';
import { leaseOn, replicaRegistry, type BlobStore, type Store } from '@mailplane/store';
import { QUEUES } from '@mailplane/contracts';
import {
  createMetricsRegistry,
  newHolderId,
  runPeriodically,
  serveOperations,
  systemClock,
  type Clock,
  type Logger,
  type MetricsRegistry,
} from '@mailplane/runtime';
import { openKeyBox } from '@mailplane/secrets';
import type { MailConfig } from './config';
import { bodiesRepo } from './data-access/bodies-repo';
import { countersRepo } from './data-access/counters-repo';
import { sendLimitsRepo } from './data-access/send-limits-repo';
import { dailyStatsRepo } from './data-access/daily-stats-repo';
import { reputationRepo } from './data-access/reputation-repo';
import { standingWatch } from './domain/reputation/watch';
import { hitBatches } from './tracking/domain/hit-batches';
import { recordEngagements } from './tracking/domain/record-engagement';
import { entitlementsRepo, TENANT_RECORD_CACHE } from './data-access/entitlements-repo';
import { idempotencyRepo } from './data-access/idempotency-repo';
import { identitiesRepo, SENDING_IDENTITY_CACHE, type IdentityRecord } from './data-access/identities-repo';
import { messagesRepo } from './data-access/messages-repo';
import { QUIET_LIST_CACHE, SHORT_LISTS_CACHE, suppressionsRepo } from './data-access/suppressions-repo';
import { templatesRepo } from './templates/data-access/templates-repo';
import { engagementRepo } from './tracking/data-access/engagement-repo';
import { htmlTrackingOf } from './tracking/domain/settings';
import { createTokenSigner } from './unsubscribe/domain/token';
import { createTxtResolver } from './dns/resolver';
import type { MailDeps } from './domain/deps';
import { IDEMPOTENCY_TTL_SECONDS } from './domain/idempotency';
import { consumeEntitlements } from './entry-points/entitlements-consumer';
import { consumeOutbox } from './entry-points/outbox-consumer';
import { paceDelivery } from './entry-points/delivery-pacing';
import { createDeliveryPacer } from './domain/delivery/pacing';
import { mailHandlers } from './entry-points/rpc';
import { mailMetrics } from './entry-points/metrics';
import { createJobMaker } from './domain/delivery/build-job';
import { OUTBOX_SWEEP_JOB, sweep } from './domain/delivery/outbox-sweep';
import { recoverLostQueue } from './domain/delivery/recovery';
import { outboxQueueRepo } from './data-access/outbox-queue-repo';
import { RETENTION_JOB, retentionRound, type RetentionState } from './domain/retention/job';
import { DKIM_ROTATION_JOB, dkimRotationRound } from './domain/dkim-rotation/job';
import { unsubscribeUrl } from './unsubscribe/domain/unsubscribe-link';
import { createLocalTransmitter } from './transmit/local-transmitter';
import { createThreadedTransmitter } from './transmit/threaded-transmitter';
import { createThreadedRunner } from './templates/threaded-runner';
import { returnPaths } from './domain/reports/return-path';
import { startReportListener } from './entry-points/report-listener';
import { inboundRoutesRepo } from './data-access/inbound-routes-repo';
import { inboundMessagesRepo } from './data-access/inbound-messages-repo';
import { inboundBodiesRepo } from './data-access/inbound-bodies-repo';
import { attachmentLinks } from './domain/inbound/attachment-links';
import { createAnalysisPool } from './inbound-analysis/analysis-pool';
import { defaultAnalysis } from './inbound-config';
import { startInboundListener } from './entry-points/inbound-listener';

export interface MailService {
  deps: MailDeps;
  /** The port of the bounce domain's SMTP listener, when BOUNCE_DOMAIN is set. */
  reportPort: number | null;
  /** The port of the inbound MX listener, when INBOUND_MX_HOST is set. */
  inboundPort: number | null;
  stop(): Promise<void>;
}

export async function startMail(options: {
  config: MailConfig;
  broker: Broker;
  store: Store;
  /** Where message bodies go; the caller opens and closes it, like the store. */
  bodies: BlobStore;
  logger: Logger;
  clock?: Clock;
  /** Where mail's series go (the process's registry; a private one otherwise). */
  metrics?: MetricsRegistry;
}): Promise<MailService> {
  const { config, broker, store } = options;
  const logger = options.logger.child({ service: 'mail' });
  const clock = options.clock ?? systemClock;
  // This replica, as the holder of job leases and the writer of dispatches not yet confirmed.
  const holder = newHolderId();
  const messages = messagesRepo(store, holder);
  const pacer = createDeliveryPacer(config.workerPrefetch);
  const countsLost = (err: unknown) => logger.warn('daily counts lost', { err });
  const watch = standingWatch(() => deps);
  const reputation = reputationRepo(store, countsLost, (tenants) => watch.touched(tenants));
  const caches = await replicaCaches(broker, logger);
  const counters = countersRepo(store);
  const deps: MailDeps = {
    config,
    identities: identitiesRepo(store, caches.cache('sending_identities', SENDING_IDENTITY_CACHE)),
    messages,
    outboxQueue: outboxQueueRepo(store),
    replicas: replicaRegistry(store, { holder, ttlMs: config.jobLeaseMs }),
    bodies: bodiesRepo(options.bodies),
    suppressions: suppressionsRepo(store, {
      quiet: caches.cache('quiet_suppression_lists', QUIET_LIST_CACHE),
      short: caches.cache('short_suppression_lists', SHORT_LISTS_CACHE),
    }),
    templates: templatesRepo(store),
    engagement: engagementRepo(store),
    engagementHits: hitBatches((hits) => recordEngagements(deps, hits), logger),
    unsubscribeTokens: createTokenSigner(config.unsubscribeSecret),
    counters,
    sendLimits: sendLimitsRepo(store, counters),
    dailyStats: dailyStatsRepo(store, countsLost),
    reputation,
    entitlements: entitlementsRepo(store, caches.cache('tenant_records', TENANT_RECORD_CACHE)),
    idempotency: idempotencyRepo(store),
    inboundRoutes: inboundRoutesRepo(store),
    inboundMessages: inboundMessagesRepo(store),
    inboundBodies: inboundBodiesRepo(options.bodies),
    attachmentLinks: attachmentLinks(config.unsubscribeSecret, config.publicUrl, config.inbound?.attachmentUrlTtlSeconds ?? 0),
    inboundAnalysis: createAnalysisPool(
      {
        ...(config.inbound?.analysis ?? defaultAnalysis),
        dnsServers: config.dnsServers,
        mxHost: config.inbound?.mxHost ?? 'localhost',
        compiledTree: config.compiledTree,
      },
      logger,
    ),
    keyBox: await openKeyBox(config.dkimKeySecret),
    templateRunner: createThreadedRunner(logger, config.compiledTree),
    resolver: createTxtResolver({ servers: config.dnsServers }),
    broker,
    clock,
    logger,
    metrics: mailMetrics(options.metrics ?? createMetricsRegistry({ processMetrics: false }), { messages, pacer, clock, reputation }),
  };
  await deps.identities.init();
  await deps.messages.init();
  await deps.suppressions.init();
  await deps.templates.init();
  await deps.engagement.init();
  await deps.counters.init();
  await deps.dailyStats.init();
  await deps.reputation.init();
  await deps.idempotency.init(IDEMPOTENCY_TTL_SECONDS);
  await deps.inboundRoutes.init();
  await deps.inboundMessages.init();
  // Alive before it dispatches anything, so that if it dies its unconfirmed dispatches are found.
  await deps.replicas.heartbeat();
  const alive = runPeriodically(() => deps.replicas.heartbeat(), Math.floor(config.jobLeaseMs / 3), logger, 'replica heartbeat');
  const leased = <S>(job: string) => leaseOn<S>(store, job, { holder, ttlMs: config.jobLeaseMs });

  const smtp = { url: config.smtpUrl, poolSize: config.smtpPoolSize };
  const transmitter =
    config.deliveryThreads > 0
      ? createThreadedTransmitter(config.deliveryThreads, smtp, logger, config.compiledTree)
      : createLocalTransmitter(smtp);
  const paths = config.bounces ? returnPaths(config.unsubscribeSecret, config.bounces.domain, config.bounces.tagTtlDays) : null;
  const returnPath = paths
    ? (messageId: string, recipient: number, identity: IdentityRecord) =>
        paths.of(messageId, recipient, clock.now(), identity.verifiedReturnPathDomain ?? paths.domain)
    : undefined;
  const jobFor = createJobMaker(
    deps.keyBox.open,
    (message) => unsubscribeUrl(deps, message),
    returnPath,
    (message) => htmlTrackingOf(config.tracking, message),
  );
  const deliverDeps = { ...deps, transmitter, jobFor };
  const reports = config.bounces && paths ? await startReportListener(deps, paths, { ...config.bounces, logger }) : null;
  const inbound = config.inbound ? await startInboundListener(deps, config.inbound) : null;
  const pacing = paceDelivery(pacer, mailHandlers(deps));
  const outbox = await consumeOutbox(broker, deliverDeps, pacer);
  const entitlements = await consumeEntitlements(broker, deps);
  await recoverLostQueue(deps).catch((err) => logger.error('outbox recovery failed', { err }));
  const sweeper = runPeriodically((signal) => sweep(deps, signal), config.sweepEveryMs, logger, 'outbox sweep', {
    lease: leased(OUTBOX_SWEEP_JOB),
  });
  const retentionLease = leased<RetentionState>(RETENTION_JOB);
  const retention = runPeriodically(retentionRound(deps, retentionLease), config.retention.purgeEveryMs, logger, 'retention purge', {
    lease: retentionLease,
  });
  const rotation = config.dkimRotation;
  const rotations = rotation
    ? runPeriodically(dkimRotationRound(deps, rotation.rotateDays), rotation.checkEveryMs, logger, 'dkim rotation proposals', {
        lease: leased(DKIM_ROTATION_JOB),
      })
    : null;
  // Requests last, once the rest of the start is done: the first ones served would otherwise wait behind it.
  const rpc = await serveOperations(broker, QUEUES.mail, pacing.handlers, { logger });
  logger.info('mail service started', {
    consumes: [QUEUES.mail, QUEUES.mailOutbox],
    smtp: redactedUrl(config.smtpUrl),
    deliveryThreads: config.deliveryThreads,
    ...(reports && config.bounces ? { reports: { domain: config.bounces.domain, port: reports.port } } : {}),
    ...(inbound && config.inbound ? { inbound: { mxHost: config.inbound.mxHost, port: inbound.port, tls: inbound.tls } } : {}),
  });
  return {
    deps,
    reportPort: reports?.port ?? null,
    inboundPort: inbound?.port ?? null,
    async stop() {
      await inbound?.stop();
      await deps.inboundAnalysis.close();
      await reports?.stop();
      await sweeper.stop();
      await retention.stop();
      await rotations?.stop();
      await rpc.cancel();
      await outbox.cancel();
      pacing.stop();
      await entitlements.cancel();
      await transmitter.close();
      await deps.templateRunner.close();
      // Opens and clicks first: recording them adds to the daily counts.
      await deps.engagementHits.flush();
      await deps.dailyStats.flush().catch(countsLost);
      await deps.reputation.flush().catch(countsLost);
      watch.stop();
      await caches.close();
      await alive.stop();
      await deps.replicas.leave().catch((err) => logger.warn('replica record not removed: taken for dead once it runs out', { err }));
      logger.info('mail service stopped');
    },
  };
}

// The MTA's URL may carry credentials (smtp://user:pass@host): only its host and port are logged.
function redactedUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}
