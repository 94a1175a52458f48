import { envReader } from '@mailplane/runtime';
import type { Env } from '../config';

/** What the cluster runs as replicas, in the order they start (they stop in the reverse one). */
export const ROLES = ['billing', 'mail', 'webhooks', 'gateway', 'submission', 'dashboard'] as const;
export type Role = (typeof ROLES)[number];

export interface Listener {
  variable: 'PORT' | 'OPS_PORT' | 'BOUNCE_PORT' | 'INBOUND_PORT' | 'SMTP_SUBMISSION_PORT' | 'SMTPS_SUBMISSION_PORT';
  label: string;
  scheme: 'http' | 'smtp' | 'smtps';
  /** The `server-template` addresses (`service:port`) in ops/haproxy/haproxy.cfg whose servers are this listener. */
  balancedAs?: string[];
  /** Addresses the file's checks name (`check port 9400` of `submission:…`) that are this listener. */
  checkedAs?: string[];
}

const OPS: Listener = { variable: 'OPS_PORT', label: 'ops', scheme: 'http' };

/** A new listener is one line here, plus its server-template in haproxy.cfg and its frontend's bind in startCluster. */
export const LISTENERS: Record<Role, Listener[]> = {
  billing: [OPS],
  // The inbound MX listener as submission is balanced: TCP with the PROXY protocol, checked on the ops listener.
  mail: [
    { ...OPS, checkedAs: ['mail:9400'] },
    { variable: 'BOUNCE_PORT', label: 'bounces', scheme: 'smtp', balancedAs: ['mail:2525'] },
    { variable: 'INBOUND_PORT', label: 'inbound', scheme: 'smtp', balancedAs: ['mail:2526'] },
  ],
  webhooks: [OPS],
  // Without ADMIN_PORT the admin surface stays on the API port, as with `npm start`; the admin frontend reaches it there.
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

/** `REPLICAS` (default 2) of each, one of billing and the dashboard (scaled for availability, not load); `REPLICAS_<ROLE>` wins. */
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
