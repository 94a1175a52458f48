import type { SandboxDns } from '../sandbox/dns-server';

/** `.test` is reserved (RFC 2606): the sandbox domain can never collide with a real one. */
export const SANDBOX_DOMAIN = 'sandbox.mailplane.test';
/** Where the embedded platform's messages say delivery reports go back to (their VERP return paths). */
export const SANDBOX_BOUNCE_DOMAIN = 'bounces.mailplane.test';

interface IdentityBody {
  id: string;
  status: string;
  dnsRecords: { name: string; value: string }[];
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

/**
 * Gives the sandbox tenant a verified identity the way a tenant would: create it through the API,
 * publish its records in (sandbox) DNS, and ask for verification, which runs the real DNS lookups.
 */
export async function publishSandboxIdentity(gatewayUrl: string, apiKey: string, dns: SandboxDns) {
  const identity = await call(`${gatewayUrl}/identities`, apiKey, 'POST', { domain: SANDBOX_DOMAIN });
  for (const record of identity.dnsRecords) dns.setTxt(record.name, [record.value]);
  const verified = await call(`${gatewayUrl}/identities/${identity.id}/verify`, apiKey, 'POST');
  if (verified.status !== 'verified') throw new Error(`sandbox identity did not verify: ${JSON.stringify(verified.dnsRecords)}`);
  return verified;
}
