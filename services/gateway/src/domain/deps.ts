import type { Broker } from '@mailplane/broker';
import type { AuditContext, AuditedChange, Clock, Logger, ReadinessProbe } from '@mailplane/runtime';
import type { KeyBox } from '@mailplane/secrets';
import type { GatewayConfig } from '../config';
import type { ApiKeysRepo } from '../data-access/api-keys-repo';
import type { AuditLogRepo } from '../data-access/audit-log-repo';
import type { Liveness } from '../data-access/liveness';
import type { InvitationsRepo } from '../data-access/invitations-repo';
import type { MemberLinksRepo } from '../data-access/member-links-repo';
import type { MembersRepo } from '../data-access/members-repo';
import type { SessionsRepo } from '../data-access/sessions-repo';
import type { ServicesRpc } from '../data-access/services-rpc';
import type { TenantsRepo } from '../data-access/tenants-repo';
import type { AdminThrottle } from './admin-throttle';
import type { SecondFactorThrottle } from './second-factor-throttle';
import type { SignInThrottle } from './sign-in-throttle';
import type { SystemMailBudget } from './system-mail-budget';

export interface GatewayDeps {
  keys: ApiKeysRepo;
  members: MembersRepo;
  sessions: SessionsRepo;
  invitations: InvitationsRepo;
  memberLinks: MemberLinksRepo;
  auditLog: AuditLogRepo;
  tenants: TenantsRepo;
  services: ServicesRpc;
  liveness: Liveness;
  adminFailures: AdminThrottle;
  signInFailures: SignInThrottle;
  linkRequests: SignInThrottle;
  secondFactorFailures: SecondFactorThrottle;
  refusedAttempts: RefusedAttempts;
  systemMailBudget: SystemMailBudget;
  totpBox: KeyBox | null;
  // Not used by the gateway's domain; tests of other services reach the platform's broker through it.
  broker: Broker;
  config: Pick<GatewayConfig, 'auditRetentionDays' | 'systemMail' | 'dashboardUrl'>;
  clock: Clock;
  logger: Logger;
  /** The answering process's dependencies (every service's, in the embedded default). */
  readiness: ReadinessProbe;
}

/** Refused attempts in the audit log, bounded (`refused-attempts.ts`). */
export interface RefusedAttempts {
  record(
    deps: Pick<GatewayDeps, 'auditLog' | 'config' | 'logger'>,
    tenantId: string,
    context: AuditContext,
    change: AuditedChange,
  ): Promise<void>;
}

export type AuthDeps = Pick<GatewayDeps, 'keys' | 'members' | 'sessions' | 'clock' | 'logger'>;
