import { envReader } from '@mailplane/runtime';
import type { Env } from '../config';

/** What the cluster runs as replicas, in the order they start (they stop in the reverse one). */
export const ROLES = ['billing', 'mail', 'webhooks', 'gateway', 'submission', 'dashboard'] as const;
export type Role = (typeof ROLES)[number];

/** One listener of a replica: each replica gets a port of its own for it, in the variable the process reads. */
export interface Listener {
  variable: 'PORT' | 'OPS_PORT' | 'BOUNCE_PORT' | 'INBOUND_PORT' | 'SMTP_SUBMISSION_PORT' | 'SMTPS_SUBMISSION_PORT';
  /** How the process lines name it. */
  label: string;
  scheme: 'http' | 'smtp' | 'smtps';
  /**
   * The addresses (`service:port`) of the `server-template` lines of ops/haproxy/haproxy.cfg whose servers are this
   * listener of every replica.
   */
  balancedAs?: string[];
  /** Addresses the file's checks name (`check port 9400` of `submission:…`) that are this listener. */
  checkedAs?: string[];
}

const OPS: Listener = { variable: 'OPS_PORT', label: 'ops', scheme: 'http' };

/**
 * Each role's listeners. A new listener (SMTP submission, say) is one line here (its port variable, and the
 * server-template in haproxy.cfg that balances it, with a frontend whose bind is one of PUBLIC_BINDS in cluster.ts).
 */
export const LISTENERS: Record<Role, Listener[]> = {
  billing: [OPS],
  // The inbound MX listener as submission is balanced: TCP with the PROXY protocol, checked on the ops listener.
  mail: [
    { ...OPS, checkedAs: ['mail:9400'] },
    { variable: 'BOUNCE_PORT', label: 'bounces', scheme: 'smtp', balancedAs: ['mail:2525'] },
    { variable: 'INBOUND_PORT', label: 'inbound', scheme: 'smtp', balancedAs: ['mail:2526'] },
  ],
  webhooks: [OPS],
  // Without ADMIN_PORT the admin surface stays on the API port, as with `npm start` (`npm run admin` works unchanged);
  // the file's admin frontend (compose's gateway:3001) reaches it there.
  gateway: [OPS, { variable: 'PORT', label: 'api', scheme: 'http', balancedAs: ['gateway:3000', 'gateway:3001'] }],
  // SMTP submission in TCP mode with the PROXY protocol, checked on its ops listener's /readyz.
  submission: [
    { ...OPS, checkedAs: ['submission:9400'] },
    { variable: 'SMTP_SUBMISSION_PORT', label: 'submission', scheme: 'smtp', balancedAs: ['submission:2587'] },
    { variable: 'SMTPS_SUBMISSION_PORT', label: 'submissions', scheme: 'smtps', balancedAs: ['submission:2465'] },
  ],
  dashboard: [{ variable: 'PORT', label: 'dashboard', scheme: 'http', balancedAs: ['dashboard:3100'] }],
};

/** Beyond this, HAProxy's templates in compose would not see them all either. */
const MAX_REPLICAS = 20;

/**
 * How many replicas of each: `REPLICAS` (default 2) of the gateway, mail and webhooks; one of billing and the
 * dashboard, which are scaled for availability rather than load; `REPLICAS_<ROLE>` for any one of them.
 */
export function replicaCounts(env: Env): Readonly<Record<Role, number>> {
  const read = envReader(env);
  const bounds = { min: 1, max: MAX_REPLICAS };
  const scaled = read.int('REPLICAS', 2, bounds);
  const defaults: Record<Role, number> = { billing: 1, mail: scaled, webhooks: scaled, gateway: scaled, submission: scaled, dashboard: 1 };
  return Object.freeze(
    Object.fromEntries(ROLES.map((role) => [role, read.int(`REPLICAS_${role.toUpperCase()}`, defaults[role], bounds)])) as Record<
      Role,
      number
    >,
  );
}
