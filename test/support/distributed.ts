import request from 'supertest';
import type { SandboxDns } from '../../sandbox/dns-server';
import { auth } from './mail';
import { ADMIN_TOKEN } from './platform';
import { spawnService, type ServiceProcess } from './processes';

/**
 * What every service of a distributed run reads: the run's RabbitMQ and data folder, free ports, test secrets.
 * `extra` adds the rest (the MTA, the DNS) or overrides.
 */
export const distributedEnv = (amqpUrl: string, dataDir: string, extra: Record<string, string> = {}): Record<string, string> => ({
  AMQP_URL: amqpUrl,
  DATA_DIR: dataDir,
  ADMIN_TOKEN,
  PORT: '0',
  // Each service's ops listener on a free port: the defaults (9401-9403) may be taken on a shared machine.
  OPS_PORT: '0',
  HOST: '127.0.0.1',
  DKIM_KEY_SECRET: 'distributed-test-secret-0123456789abcdef',
  WEBHOOK_SECRET_KEY: 'webhook-secret-key-0123456789',
  UNSUBSCRIBE_SECRET: 'distributed-unsubscribe-secret-0123456789',
  TRACKING_SECRET: 'distributed-tracking-secret-0123456789abcd',
  PUBLIC_URL: 'http://localhost:3000',
  ...extra,
});

/** Starts service `name` in a process of its own, kept in `procs` by name; resolves once started, with its URL if it has one. */
export async function startService(procs: Map<string, ServiceProcess>, name: string, env: Record<string, string>) {
  const proc = spawnService(name, env);
  procs.set(name, proc);
  return (await proc.waitForOutput(/started(?: at (\S+))?/, 60_000))[1];
}

/** A new tenant, through the gateway's admin API, with `domain` verified against the records published in `dns`. */
export async function verifiedTenant(url: string, dns: SandboxDns, domain: string) {
  const tenant = await request(url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ name: domain });
  const key = tenant.body.apiKey.key as string;
  const identity = await request(url).post('/identities').set(auth(key)).send({ domain });
  for (const record of identity.body.dnsRecords) dns.setTxt(record.name, [record.value]);
  const verified = await request(url).post(`/identities/${identity.body.id}/verify`).set(auth(key));
  if (verified.body.status !== 'verified') throw new Error(`identity not verified: ${verified.text}`);
  return { key, tenantId: tenant.body.tenantId as string, identityId: identity.body.id as string, records: verified.body.dnsRecords };
}

/**
 * A `verifiedTenant` whose domain also receives: the MX record its identity shows published in `dns` (so it names
 * the platform's INBOUND_MX_HOST, or receiving stays unverified), checked, and a catch-all `webhook` route.
 */
export async function receivingTenant(url: string, dns: SandboxDns, domain: string) {
  const t = await verifiedTenant(url, dns, domain);
  const enabled = await request(url).post(`/identities/${t.identityId}/inbound`).set(auth(t.key));
  const mx = (enabled.body.dnsRecords ?? []).find((r: { purpose: string }) => r.purpose === 'mx');
  if (!mx) throw new Error(`receiving not enabled: ${enabled.status} ${enabled.text}`);
  dns.setMx(mx.name, [mx.value]);
  const verified = await request(url).post(`/identities/${t.identityId}/verify`).set(auth(t.key));
  if (verified.body.inbound?.status !== 'verified') throw new Error(`receiving not verified: ${verified.text}`);
  const route = await request(url)
    .post('/inbound/routes')
    .set(auth(t.key))
    .send({ pattern: `*@${domain}`, action: { type: 'webhook' } });
  if (route.status !== 201) throw new Error(`route not created: ${route.status} ${route.text}`);
  return { ...t, mx: mx as { name: string; value: string } };
}

/** Mail and the gateway as processes of their own (kept in `procs`); resolves with mail's ops URL and the gateway's. */
export async function startMailAndGateway(procs: ServiceProcess[], env: Record<string, string>) {
  const mail = spawnService('mail', env);
  const gateway = spawnService('gateway', env);
  procs.push(mail, gateway);
  const mailOps = (await mail.waitForOutput(/ops listener \S+ \S+ \S+ on (\S+)/, 60_000))[1];
  const gatewayUrl = (await gateway.waitForOutput(/gateway started at (\S+)/, 60_000))[1];
  return { mailOps, gatewayUrl };
}
