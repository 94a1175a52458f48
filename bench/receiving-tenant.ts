import type { SandboxDns } from '../sandbox/dns-server';
import { tenantWithIdentity, type JsonClient } from './common';

/** A tenant receiving at `domain` (its identity verified, the MX record published and checked) with a catch-all `hold` route. */
export async function receivingTenant(client: JsonClient, dns: SandboxDns, domain: string): Promise<void> {
  const { auth } = await tenantWithIdentity(client, (name, value) => dns.setTxt(name, [value]), domain);
  const identities = await client.call('GET', '/identities', auth);
  const id = (identities.body.data as { id: string; domain: string }[]).find((i) => i.domain === domain)?.id;
  const enabled = await client.call('POST', `/identities/${id}/inbound`, auth);
  const mx = (enabled.body?.dnsRecords ?? []).find((r: { purpose: string }) => r.purpose === 'mx');
  if (!mx) throw new Error(`receiving not enabled: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  dns.setMx(mx.name, [mx.value]);
  const verified = await client.call('POST', `/identities/${id}/verify`, auth);
  if (verified.body?.inbound?.status !== 'verified') throw new Error(`receiving not verified: ${JSON.stringify(verified.body)}`);
  const route = await client.call('POST', '/inbound/routes', auth, { pattern: `*@${domain}`, action: { type: 'hold' } });
  if (route.status !== 201) throw new Error(`route not created: ${route.status} ${JSON.stringify(route.body)}`);
}
