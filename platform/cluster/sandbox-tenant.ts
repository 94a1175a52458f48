import type { SandboxDns } from '../../sandbox/dns-server';
import { adminCaller } from '../admin-cli';
import { publishSandboxIdentity, SANDBOX_DOMAIN } from '../sandbox-identity';

interface TenantPage {
  data: { tenantId: string; sandbox: boolean }[];
  total: number;
}

/** Made through the admin surface as an operator would, on the first start only; null when a sandbox tenant exists. */
export async function ensureSandboxTenant(apiUrl: string, adminToken: string, dns: SandboxDns) {
  const call = adminCaller(apiUrl, adminToken);
  for (let offset = 0; ; offset += 100) {
    const page = (await call('GET', `/admin/tenants?limit=100&offset=${offset}`)) as unknown as TenantPage;
    if (page.data.some((t) => t.sandbox)) return null;
    if (offset + 100 >= page.total) break;
  }
  const created = await call('POST', '/admin/tenants', { name: 'Sandbox', sandbox: true });
  const apiKey = (created.apiKey as { key: string }).key;
  // Its domain receives too, as with `npm start`: the MX record published, a catch-all route.
  await publishSandboxIdentity(apiUrl, apiKey, dns, { inbound: true });
  return { tenantId: created.tenantId as string, apiKey, domain: SANDBOX_DOMAIN };
}
