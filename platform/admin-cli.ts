import { backupCommand, BACKUP_USAGE } from './backup-cli';
import type { Env } from './config';
import { migrateCommand, MIGRATE_USAGE } from './migrate-cli';

const USAGE = `usage: npm run admin -- <command>
  create-tenant <name>                    a tenant and its first API key (shown once)
  create-owner <tenantId> <email> <name>  the tenant's first owner (a member who signs in); the password is read
                                          from OWNER_PASSWORD or stdin, never from the command line
  list-tenants                            every tenant with its plan and this month's usage
  grant <tenantId> <plan> [<until>]       hand out a zero-priced plan, until an RFC 3339 time or taken back
  revoke-grant <tenantId>                 take a grant back: the tenant is on free again
  billing <tenantId>                      the tenant's billing state and money ledger (JSON)
  pause-sending <tenantId> <reason>       refuse the tenant's sends and hold its queued mail (reason shown to it)
  resume-sending <tenantId>               let a paused tenant send again; its reputation window starts afresh
${MIGRATE_USAGE}
${BACKUP_USAGE}
  env: MAILPLANE_URL (default http://localhost:3000), ADMIN_TOKEN (required but for migrate and backup, which read DATA_DIR and
       DATABASE_URL)`;

export type AdminCall = (method: string, path: string, body?: object) => Promise<Record<string, unknown>>;

/** The back-office CLI: a thin wrapper over the admin surface (`/admin/...`). Returns what to print. */
export async function adminCommand(
  args: string[],
  env: Env,
  log: (line: string) => void = () => undefined,
  readSecret: () => Promise<string> = async () => '',
): Promise<string> {
  const [command, ...rest] = args;
  // Work on the stores themselves (migrate with the platform stopped, backup while it runs): no HTTP, no token.
  if (command === 'migrate') return migrateCommand(rest, env, log);
  if (command === 'backup') return backupCommand(rest, env, log);
  if (!env.ADMIN_TOKEN) throw new Error('ADMIN_TOKEN is required\n' + USAGE);
  const call = adminCaller(env.MAILPLANE_URL ?? 'http://localhost:3000', env.ADMIN_TOKEN);
  const [a, b, c] = rest;
  if (command === 'create-tenant' && a) {
    const body = await call('POST', '/admin/tenants', { name: a });
    return `tenant ${body.tenantId} created\nAPI key (shown once): ${(body.apiKey as { key: string }).key}`;
  }
  if (command === 'create-owner' && a && b && c && rest.length === 3)
    return createOwner(call, rest, env.OWNER_PASSWORD ?? (await readSecret()));
  if (command === 'list-tenants' && !a) return listTenants(call);
  if (command === 'grant' && a && b)
    return stateLine(a, await call('POST', `/admin/tenants/${a}/grant`, { plan: b, ...(c ? { until: c } : {}) }));
  if (command === 'revoke-grant' && a) return stateLine(a, await call('DELETE', `/admin/tenants/${a}/grant`));
  if (command === 'pause-sending' && a && b)
    return standingLine(a, await call('POST', `/admin/tenants/${a}/pause-sending`, { reason: rest.slice(1).join(' ') }));
  if (command === 'resume-sending' && a && !b) return standingLine(a, await call('POST', `/admin/tenants/${a}/resume-sending`));
  if (command === 'billing' && a) return JSON.stringify(await call('GET', `/admin/tenants/${a}/billing`), null, 2);
  throw new Error(USAGE);
}

const standingLine = (tenantId: string, r: Record<string, unknown>) =>
  `${tenantId}: sending ${r.status}${r.reason ? ` (${r.reason})` : ''}; bounce rate ${r.bounceRate}, complaint rate ${r.complaintRate} over ${r.attempted} attempted`;

/** Calls the admin surface at `base` with `token`; an answer other than 2xx throws with its status and detail. */
export function adminCaller(base: string, token: string): AdminCall {
  return async (method, path, body) => {
    const res = await fetch(new URL(path, base), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`admin: ${res.status} ${answer.title ?? ''} ${answer.detail ?? ''}`.trim());
    return answer;
  };
}

// A password on the command line would stay in the shell's history and in every process listing.
async function createOwner(call: AdminCall, [tenantId, email, name]: string[], secret: string): Promise<string> {
  const password = secret.replace(/\r?\n$/, '');
  if (!password) throw new Error('create-owner reads the password from OWNER_PASSWORD or stdin\n' + USAGE);
  const owner = await call('POST', `/admin/tenants/${tenantId}/owners`, { email, name, password });
  return `owner ${owner.id} (${owner.email}) added to ${tenantId}; they sign in with POST /sessions or the dashboard`;
}

interface State {
  plan: string;
  granted: boolean;
  currentPeriodEnd: string | null;
  usage: { used: number; limit: number } | null;
}

function stateLine(tenantId: string, state: Record<string, unknown>): string {
  const s = state as unknown as State;
  const usage = s.usage ? `${s.usage.used}/${s.usage.limit} emails this month` : 'usage unknown';
  const plan = s.granted ? `${s.plan} (granted${s.currentPeriodEnd ? ` until ${s.currentPeriodEnd}` : ''})` : s.plan;
  return `${tenantId}  ${plan}  ${usage}`;
}

async function listTenants(call: AdminCall): Promise<string> {
  const lines: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await call('GET', `/admin/tenants?limit=100&offset=${offset}`)) as {
      data: { tenantId: string; name: string }[];
      total: number;
    };
    for (const t of page.data) {
      const billing = (await call('GET', `/admin/tenants/${t.tenantId}/billing`)) as { state: Record<string, unknown> };
      lines.push(`${stateLine(t.tenantId, billing.state)}  ${t.name}`);
    }
    if (offset + 100 >= page.total) return lines.join('\n') || 'no tenants';
  }
}
