import type { BillingOperations, RpcRequest } from '@mailplane/contracts';
import { auditContextOf, json, type HandlersOf } from '@mailplane/runtime';
import { grantPlan, revokeGrant } from '../domain/back-office-grant';
import type { BillingDeps } from '../domain/deps';
import { ledgerOf } from '../domain/ledger';
import { billingState } from '../domain/state';

// The gateway checked the admin token and the tenant id's shape before forwarding.
const tenantOf = (r: RpcRequest) => String(r.params.tenantId);

export function adminHandlers(deps: BillingDeps): HandlersOf<Pick<BillingOperations, 'getTenantBilling' | 'grantPlan' | 'revokeGrant'>> {
  return {
    async getTenantBilling(r) {
      const tenantId = tenantOf(r);
      const { entries, ...totals } = await ledgerOf(deps, tenantId);
      return json({
        tenantId,
        state: await billingState(deps, tenantId, r.requestId),
        ledger: {
          ...totals,
          entries: entries.map(({ _id: _named, tenantId: _tenant, at, ...entry }) => ({ ...entry, at: at.toISOString() })),
        },
      });
    },
    grantPlan: async (r) => json(await grantPlan(deps, tenantOf(r), r.body, auditContextOf(r))),
    revokeGrant: async (r) => json(await revokeGrant(deps, tenantOf(r), auditContextOf(r))),
  };
}
