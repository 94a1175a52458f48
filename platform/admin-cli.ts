import type { Env } from './config';

const USAGE = `usage: npm run admin -- create-tenant <name>
  env: MAILPLANE_URL (default http://localhost:3000), ADMIN_TOKEN (required)`;

/** The back-office CLI: a thin wrapper over POST /admin/tenants. Returns what to print. */
export async function adminCommand(args: string[], env: Env): Promise<string> {
  const [command, name] = args;
  if (command !== 'create-tenant' || !name) throw new Error(USAGE);
  if (!env.ADMIN_TOKEN) throw new Error('ADMIN_TOKEN is required\n' + USAGE);
  const base = env.MAILPLANE_URL ?? 'http://localhost:3000';
  const res = await fetch(new URL('/admin/tenants', base), {
    method: 'POST',
    headers: { authorization: `Bearer ${env.ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const body = (await res.json()) as { tenantId?: string; apiKey?: { key: string }; detail?: string; title?: string };
  if (res.status !== 201) throw new Error(`admin: ${res.status} ${body.title ?? ''} ${body.detail ?? ''}`.trim());
  return `tenant ${body.tenantId} created\nAPI key (shown once): ${body.apiKey?.key}`;
}
