import { createMemoryBroker } from '@mailplane/broker';
import type { Store } from '@mailplane/store';
import { parseTrustedProxies } from '@mailplane/edge';
import {
  allOf,
  createLogger,
  createMetricsRegistry,
  dependencyProbe,
  type Clock,
  type Logger,
  type ReadinessProbe,
} from '@mailplane/runtime';
import { startDashboard } from '@mailplane/dashboard';
import { createTenant, type Gateway } from '@mailplane/gateway';
import type { Env, PlatformConfig } from './config';
import { privateDir } from './local/data-dir';
import { freePort } from './local/ports';
import { localSecret } from './local/secrets';
import { startSandbox, type Sandbox } from './sandbox';
import {
  publishSandboxIdentity,
  SANDBOX_BOUNCE_DOMAIN,
  SANDBOX_BOUNCE_MX_HOST,
  SANDBOX_RETURN_PATH_SPF,
  SANDBOX_DOMAIN,
  SANDBOX_INBOUND_DOMAIN,
  SANDBOX_MX_HOST,
} from './sandbox-identity';
import { localCertificate } from './self-signed-certificate';
import { startService, storeConfigFor, storeFor, type Running, type ServiceName } from './services';

export interface Embedded {
  url: string;
  gateway: Gateway;
  sandbox: Sandbox;
  /** Set only on the first start, when the sandbox tenant and its key were just created. */
  sandboxTenant: { tenantId: string; apiKey: string; domain: string } | null;
  reportsUrl: string | null;
  inboundUrl: string | null;
  dashboardUrl: string;
  submission: { url: string; tlsUrl: string; certFile: string | undefined };
  stop(): Promise<void>;
}

/** Every service in one process over the in-process broker, data on disk under DATA_DIR, the outside world sandboxed. */
export async function startEmbedded(config: PlatformConfig, options: { logger?: Logger; clock?: Clock } = {}): Promise<Embedded> {
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  privateDir(config.dataDir);
  const sandbox = await startSandbox({ pagePort: config.sandboxPort, dataDir: config.dataDir });
  // Links in emails and the payment provider's webhook need the real address, also when PORT=0 asks for any.
  const port = config.env.PORT === '0' ? String(await freePort()) : (config.env.PORT ?? '3000');
  // Members' mailed links open the dashboard: its port is chosen before the gateway starts, as the API's is.
  const dashboardPort = Number(config.env.DASHBOARD_PORT ?? (config.env.PORT === '0' ? await freePort() : Number(port) + 3));
  const env = {
    DKIM_KEY_SECRET: localSecret(config.dataDir, 'dkim-key-secret'),
    UNSUBSCRIBE_SECRET: localSecret(config.dataDir, 'unsubscribe-secret'),
    WEBHOOK_SECRET_KEY: localSecret(config.dataDir, 'webhook-secret-key'),
    TRACKING_SECRET: localSecret(config.dataDir, 'tracking-secret'),
    DASHBOARD_SESSION_SECRET: localSecret(config.dataDir, 'dashboard-session-secret'),
    // The dashboard proves to the gateway the browser's address it calls for (docs/decisions/real-client-limits.md).
    DASHBOARD_HOP_SECRET: localSecret(config.dataDir, 'dashboard-hop-secret'),
    TOTP_SECRET_KEY: localSecret(config.dataDir, 'totp-secret-key'),
    WEBHOOK_SANDBOX: 'true',
    PUBLIC_URL: `http://localhost:${port}`,
    // The platform's own host carries tracked links of identities without a tracking domain of their own.
    TRACKING_URL: config.env.PUBLIC_URL ?? `http://localhost:${port}`,
    BOUNCE_DOMAIN: SANDBOX_BOUNCE_DOMAIN,
    BOUNCE_MX_HOST: SANDBOX_BOUNCE_MX_HOST,
    RETURN_PATH_SPF: SANDBOX_RETURN_PATH_SPF,
    BOUNCE_HOST: '127.0.0.1',
    BOUNCE_PORT: config.env.PORT === '0' ? '0' : String(Number(port) + 2),
    SMTP_SUBMISSION_PORT: config.env.PORT === '0' ? '0' : String(Number(port) + 4),
    SMTPS_SUBMISSION_PORT: config.env.PORT === '0' ? '0' : String(Number(port) + 5),
    ...submissionCertificate(config),
    INBOUND_MX_HOST: SANDBOX_MX_HOST,
    INBOUND_DOMAIN: SANDBOX_INBOUND_DOMAIN,
    INBOUND_HOST: '127.0.0.1',
    INBOUND_PORT: config.env.PORT === '0' ? '0' : String(Number(port) + 6),
    ...inboundCertificate(config),
    DASHBOARD_URL: `http://127.0.0.1:${dashboardPort}`,
    SYSTEM_MAIL_TENANT_ID: 'sandbox',
    SYSTEM_MAIL_FROM: `Mailplane <no-reply@${SANDBOX_DOMAIN}>`,
    ...sandbox.env,
    ...config.env,
    PORT: port,
  };
  sandbox.hub.setWebhookUrl(`${env.PUBLIC_URL}/billing/webhook/subscription-hub`);
  const broker = createMemoryBroker({ logger: logger.child({ component: 'broker' }) });
  // One registry and one readiness for the process: the gateway's port serves both for every service.
  const metrics = createMetricsRegistry();
  const probes: ReadinessProbe[] = [];
  const started: Array<{ running: Running; close: () => Promise<void> }> = [];
  const stop = async () => {
    for (const { running, close } of started.reverse()) {
      await running.stop();
      await close();
    }
    await broker.close();
    await sandbox.stop();
    logger.info('mailplane stopped');
  };
  try {
    // Services first, the edges last, so an edge never forwards to nobody. Submission works on the gateway's store.
    const stores = new Map<ServiceName, Store>();
    for (const name of ['billing', 'mail', 'webhooks', 'gateway', 'submission'] as const) {
      const shared = name === 'submission' ? stores.get('gateway') : undefined;
      const store = shared ?? (await storeFor(name, config));
      stores.set(name, store);
      const storeConfig = storeConfigFor(name, config);
      if (!shared) probes.push(dependencyProbe(name, { store, broker }));
      // One process on the operator's machine: /metrics stays open until METRICS_TOKEN closes it.
      const deps = { broker, store, storeConfig, logger, env, clock: options.clock, metrics, readiness: allOf(probes), openMetrics: true };
      const close = shared ? async () => undefined : () => store.close();
      const running = await startService(name, deps).catch(async (err) => {
        await close();
        throw err;
      });
      started.push({ running, close });
    }
    const [gateway, submission] = started.slice(-2).map((s) => s.running) as [Gateway, Running];
    const reportPort = started.find(({ running }) => running.reportPort)?.running.reportPort ?? null;
    const inboundPort = started.find(({ running }) => running.inboundPort)?.running.inboundPort ?? null;
    if (inboundPort) sandbox.receiveAt({ host: '127.0.0.1', port: inboundPort, mxHost: SANDBOX_MX_HOST });
    if (reportPort) sandbox.sink.reportTo({ host: '127.0.0.1', port: reportPort });
    sandbox.setApiUrl(gateway.url);
    let sandboxTenant: Embedded['sandboxTenant'] = null;
    if (!(await gateway.deps.tenants.findSandbox())) {
      const created = await createTenant(gateway.deps, { name: 'Sandbox', sandbox: true });
      await publishSandboxIdentity(gateway.url, created.apiKey.key, sandbox.dns, { inbound: inboundPort !== null });
      sandboxTenant = { tenantId: created.tenantId, apiKey: created.apiKey.key, domain: SANDBOX_DOMAIN };
    }
    logger.info('mailplane started', { url: gateway.url, sandboxPage: sandbox.pageUrl, dataDir: config.dataDir });
    const reportsUrl = reportPort ? `smtp://127.0.0.1:${reportPort}` : null;
    const inboundUrl = inboundPort ? `smtp://127.0.0.1:${inboundPort}` : null;
    const smtp = { host: 'localhost', port: portOf(submission.url), tlsPort: portOf(submission.tlsUrl) };
    const dashboardStore = await storeFor('dashboard', config);
    const dashboard = await startDashboard({
      apiUrl: gateway.url,
      smtp,
      store: dashboardStore,
      sessionSecret: env.DASHBOARD_SESSION_SECRET,
      hopSecret: env.DASHBOARD_HOP_SECRET,
      trustedProxies: parseTrustedProxies(config.env.TRUSTED_PROXIES),
      // Plain HTTP on this machine: a Secure cookie would never come back. Behind TLS, run it with secure cookies.
      secureCookies: false,
      host: '127.0.0.1',
      port: dashboardPort,
      logger,
    });
    started.push({ running: { stop: dashboard.stop }, close: () => dashboardStore.close() });
    return {
      url: gateway.url,
      gateway,
      sandbox,
      sandboxTenant,
      reportsUrl,
      inboundUrl,
      dashboardUrl: `${dashboard.url}`,
      submission: {
        url: submission.url as string,
        tlsUrl: submission.tlsUrl as string,
        certFile: (env as Env).SMTP_SUBMISSION_TLS_CERT_FILE,
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A self-signed certificate for SMTP submission, made under DATA_DIR, unless one is configured. */
export function submissionCertificate(config: PlatformConfig): Record<string, string> {
  if (config.env.SMTP_SUBMISSION_TLS_CERT_FILE || config.env.SMTP_SUBMISSION_TLS_KEY_FILE) return {};
  const { certFile, keyFile } = localCertificate(config.dataDir);
  return { SMTP_SUBMISSION_TLS_CERT_FILE: certFile, SMTP_SUBMISSION_TLS_KEY_FILE: keyFile };
}

/** The same certificate for the inbound listener's STARTTLS, unless one is configured. */
export function inboundCertificate(config: PlatformConfig): Record<string, string> {
  if (config.env.INBOUND_TLS_CERT || config.env.INBOUND_TLS_KEY) return {};
  const { certFile, keyFile } = localCertificate(config.dataDir);
  return { INBOUND_TLS_CERT: certFile, INBOUND_TLS_KEY: keyFile };
}

const portOf = (url: string | undefined) => Number(new URL(url as string).port);
