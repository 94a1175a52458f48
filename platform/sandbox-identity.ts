import type { SandboxDns } from '../sandbox/dns-server';
import { publish } from '../sandbox/dns-publish-page';

/** `.test` is reserved (RFC 2606): the sandbox domain can never collide with a real one. */
export const SANDBOX_DOMAIN = 'sandbox.mailplane.test';
/** Where the embedded platform's messages say delivery reports go back to (their VERP return paths). */
export const SANDBOX_BOUNCE_DOMAIN = 'bounces.mailplane.test';
/** An identity's own return path domain publishes an MX to the bounce listener's host and SPF for loopback. */
export const SANDBOX_BOUNCE_MX_HOST = SANDBOX_BOUNCE_DOMAIN;
export const SANDBOX_RETURN_PATH_SPF = 'v=spf1 ip4:127.0.0.0/8 ~all';
/** The host the sandbox's receiving domains name in their MX records (the inbound listener). */
export const SANDBOX_MX_HOST = 'mx.mailplane.test';
/** Tenants of the embedded default may receive at `<slug>.inbound.mailplane.test` without publishing anything. */
export const SANDBOX_INBOUND_DOMAIN = 'inbound.mailplane.test';

interface IdentityBody {
  id: string;
  status: string;
  dnsRecords: { purpose: string; name: string; value: string; type?: string }[];
}

async function call(url: string, key: string, method: string, body?: unknown): Promise<IdentityBody> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as IdentityBody & { detail?: string };
  if (!res.ok) throw new Error(`sandbox identity: ${method} ${url} answered ${res.status} ${json.detail ?? ''}`);
  return json;
}

/** The way a tenant would: through the API, its records in sandbox DNS, verified by the real DNS lookups. */
export async function publishSandboxIdentity(gatewayUrl: string, apiKey: string, dns: SandboxDns, options: { inbound?: boolean } = {}) {
  const identity = await call(`${gatewayUrl}/identities`, apiKey, 'POST', {
    domain: SANDBOX_DOMAIN,
    ...(options.inbound ? { inbound: true } : {}),
  });
  publish(dns, identity.dnsRecords);
  const verified = await call(`${gatewayUrl}/identities/${identity.id}/verify`, apiKey, 'POST');
  if (verified.status !== 'verified') throw new Error(`sandbox identity did not verify: ${JSON.stringify(verified.dnsRecords)}`);
  if (options.inbound) {
    // Everything sent to the sandbox domain is kept and announced as email.received (GET /inbound/messages, the dashboard).
    await call(`${gatewayUrl}/inbound/routes`, apiKey, 'POST', { pattern: `*@${SANDBOX_DOMAIN}`, action: { type: 'webhook' } });
  }
  return verified;
}
