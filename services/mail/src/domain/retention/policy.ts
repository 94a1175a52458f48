import type { RetentionConfig } from '../../config';
import type { TenantRecord } from '../../data-access/entitlements-repo';
import type { MailDeps } from '../deps';

const DAY_MS = 24 * 3600 * 1000;

export const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);

/** Days a tenant's bodies are kept: its own override, else its plan's (as billing last announced it), else the default. */
export function bodyRetentionDays(retention: RetentionConfig, tenantId: string, plan: string | undefined): number {
  return retention.bodyDaysByTenant[tenantId] ?? (plan === undefined ? undefined : retention.bodyDaysByPlan[plan]) ?? retention.bodyDays;
}

/** Fixed at acceptance so the purge finds it by one index range; a plan change applies to messages accepted after it. */
export async function bodyExpiry(deps: MailDeps, tenantId: string, acceptedAt: Date, tenant?: TenantRecord | null): Promise<Date> {
  const plan = (tenant === undefined ? await deps.entitlements.byTenant(tenantId) : tenant)?.plan;
  return new Date(acceptedAt.getTime() + bodyRetentionDays(deps.config.retention, tenantId, plan) * DAY_MS);
}
