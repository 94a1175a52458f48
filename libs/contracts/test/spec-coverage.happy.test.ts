import { document, operations } from '../src/openapi';

// control-api.md §4, verbatim: method, path, success status, other statuses. The document must list
// exactly these (plus `default`, which carries the cross-cutting 413/415/5xx problems).
const SPEC: Array<[string, string, number[]]> = [
  ['get', '/api-keys', [200, 400, 401]],
  ['post', '/api-keys', [201, 400, 401]],
  ['delete', '/api-keys/{id}', [204, 400, 401, 404]],
  ['post', '/billing/checkout', [200, 400, 401, 409, 422, 503]],
  ['post', '/billing/upgrade/quote', [200, 400, 401, 404, 422, 503]],
  ['post', '/billing/upgrade', [200, 400, 401, 402, 404, 409, 422, 503]],
  ['post', '/billing/downgrade', [200, 400, 401, 404, 422, 503]],
  ['delete', '/billing/pending-change', [204, 401, 404, 503]],
  ['delete', '/billing/subscription', [200, 401, 404, 503]],
  ['get', '/billing/state', [200, 401, 500]],
  ['get', '/billing/catalogue', [200]],
  ['post', '/billing/webhook/subscription-hub', [200, 401]],
  ['post', '/billing/webhook/payment-provider', [200, 400, 500, 503]],
  ['get', '/emails', [200, 400, 401]],
  ['post', '/emails', [202, 400, 401, 422, 429]],
  ['post', '/emails/test', [202, 400, 401]],
  ['get', '/emails/{id}', [200, 400, 401, 404]],
  ['get', '/identities', [200, 400, 401]],
  ['patch', '/webhooks/endpoints/{id}', [204, 400, 401, 404]],
  ['get', '/unsubscribe', [200, 400, 410]],
  ['post', '/unsubscribe', [200, 400]],
];

// Statuses added to a spec endpoint on purpose, each for a reason its decision record gives: a tenant whose sending
// is paused for its rates is refused with a 403 `sending_paused` (docs/decisions/tenant-reputation.md). Test emails
// are refused over their own limits with a 400, the spec's (docs/decisions/test-send-limits.md).
const BEYOND_SPEC: Record<string, number[]> = { 'post /emails': [403], 'post /emails/test': [403] };

// The gaps we designed (control-api.md §4 "Gaps"), pinned so they change only on purpose.
const DESIGNED: Array<[string, string, number[]]> = [
  ['post', '/identities', [201, 400, 401, 409]],
  ['get', '/identities/{id}', [200, 400, 401, 404]],
  ['delete', '/identities/{id}', [204, 400, 401, 404]],
  ['post', '/identities/{id}/verify', [200, 400, 401, 404, 503]],
  ['get', '/webhooks/endpoints', [200, 400, 401]],
  ['post', '/webhooks/endpoints', [201, 400, 401, 422]],
  ['get', '/webhooks/endpoints/{id}', [200, 400, 401, 404]],
  ['delete', '/webhooks/endpoints/{id}', [204, 400, 401, 404]],
  ['post', '/webhooks/endpoints/{id}/rotate-secret', [200, 400, 401, 404]],
  ['get', '/webhooks/endpoints/{id}/deliveries', [200, 400, 401, 404]],
  ['post', '/webhooks/endpoints/{id}/replay', [202, 400, 401, 404, 409]],
  ['get', '/webhooks/deliveries/{id}', [200, 400, 401, 404]],
  ['post', '/webhooks/deliveries/{id}/redeliver', [202, 400, 401, 404, 409]],
  ['get', '/stats', [200, 400, 401]],
  ['patch', '/emails/{id}', [200, 400, 401, 404, 409]],
  ['post', '/emails/batch', [202, 400, 401, 403, 422, 429]],
  ['get', '/reputation', [200, 401]],
  ['post', '/emails/{id}/cancel', [200, 400, 401, 404, 409]],
  ['get', '/suppressions', [200, 400, 401]],
  ['post', '/suppressions', [200, 201, 400, 401]],
  ['delete', '/suppressions/{email}', [204, 400, 401, 404]],
  ['get', '/billing/checkout-methods', [200, 400, 401, 422, 503]],
  ['get', '/healthz', [200]],
  ['get', '/readyz', [200, 503]],
  ['get', '/metrics', [200, 401]],
  // The admin surface throttles failed tokens with 429 (issue #26).
  ['post', '/admin/tenants', [201, 400, 401, 429]],
  ['get', '/admin/tenants', [200, 400, 401, 429]],
  ['get', '/admin/tenants/{tenantId}/billing', [200, 400, 401, 429]],
  ['post', '/admin/tenants/{tenantId}/grant', [200, 400, 401, 409, 422, 429, 503]],
  ['delete', '/admin/tenants/{tenantId}/grant', [200, 400, 401, 429]],
  ['post', '/admin/tenants/{tenantId}/pause-sending', [200, 400, 401, 429]],
  ['post', '/admin/tenants/{tenantId}/resume-sending', [200, 400, 401, 429]],
  ['get', '/billing/return', [200, 400, 404]],
  // The contract and its reference page, public (issue #12).
  ['get', '/openapi.json', [200]],
  ['get', '/openapi.yaml', [200]],
  ['get', '/docs', [200]],
  ['get', '/docs/assets/{file}', [200, 400]],
  ['get', '/docs/guides', [200]],
  ['get', '/docs/guides/{guide}', [200, 400, 404]],
  // Templates and open/click tracking (issue #28).
  ['patch', '/identities/{id}', [200, 400, 401, 404]],
  // DKIM rotation (issue #40): a pending key, 409 `rotation_pending` while one is (docs/decisions/dkim-rotation.md).
  ['post', '/identities/{id}/dkim/rotate', [200, 400, 401, 404, 409]],
  ['delete', '/identities/{id}/dkim/rotate', [200, 400, 401, 404, 409]],
  ['get', '/templates', [200, 400, 401]],
  ['post', '/templates', [201, 400, 401, 409]],
  ['get', '/templates/{id}', [200, 400, 401, 404]],
  ['patch', '/templates/{id}', [200, 400, 401, 404, 409]],
  ['delete', '/templates/{id}', [204, 400, 401, 404]],
  ['post', '/templates/{id}/publish', [200, 400, 401, 404]],
  ['get', '/templates/{id}/versions', [200, 400, 401, 404]],
  ['get', '/templates/{id}/versions/{version}', [200, 400, 401, 404]],
  ['post', '/templates/{id}/render', [200, 400, 401, 404]],
  ['get', '/track/click/{token}', [302, 400, 410]],
  ['get', '/track/open/{token}', [200, 400, 410]],
  // Inbound mail (issue #29); the attachment link is public, authorised by its signature.
  ['post', '/identities/{id}/inbound', [200, 400, 401, 404, 409]],
  ['delete', '/identities/{id}/inbound', [200, 400, 401, 404]],
  ['get', '/inbound/routes', [200, 400, 401]],
  ['post', '/inbound/routes', [201, 400, 401, 409]],
  ['get', '/inbound/routes/{id}', [200, 400, 401, 404]],
  ['patch', '/inbound/routes/{id}', [200, 400, 401, 404, 409]],
  ['delete', '/inbound/routes/{id}', [204, 400, 401, 404]],
  ['get', '/inbound/messages', [200, 400, 401]],
  ['get', '/inbound/messages/{id}', [200, 400, 401, 404]],
  ['get', '/inbound/messages/{id}/attachments/{index}', [200, 400, 404]],
  // Teams, roles and the audit log (issue #30).
  ['get', '/audit-log', [200, 400, 401]],
  ['get', '/me', [200, 401]],
  ['get', '/audit-log/export', [200, 400, 401]],
  ['post', '/sessions', [201, 400, 401, 429]],
  ['delete', '/sessions/current', [204, 401, 404]],
  ['get', '/members', [200, 401]],
  ['post', '/members', [201, 400, 401, 409]],
  ['patch', '/members/{id}', [200, 400, 401, 404, 409]],
  ['delete', '/members/{id}', [204, 400, 401, 404, 409]],
  ['post', '/admin/tenants/{tenantId}/owners', [201, 400, 401, 404, 409, 429]],
  ['get', '/invitations', [200, 401]],
  ['post', '/invitations', [201, 400, 401, 409, 429]],
  ['delete', '/invitations/{id}', [204, 400, 401, 404]],
  ['post', '/invitations/accept', [201, 400, 409, 410]],
  ['post', '/password-resets', [202, 400, 429]],
  ['post', '/password-resets/confirm', [204, 400, 410]],
  ['post', '/sign-in-links', [202, 400, 429]],
  ['post', '/sign-in-links/confirm', [201, 400, 401, 410]],
  ['post', '/me/totp', [201, 400, 401, 404, 409]],
  ['post', '/me/totp/confirm', [200, 400, 401, 404, 429]],
  ['delete', '/me/totp', [204, 400, 401, 404, 429]],
];

const statuses = (method: string, path: string) => {
  const op = document.paths[path]?.[method] as { responses?: Record<string, unknown> } | undefined;
  return op
    ? Object.keys(op.responses ?? {})
        .filter((s) => s !== 'default')
        .map(Number)
        .sort((a, b) => a - b)
    : null;
};

describe('coverage of control-api.md §4', () => {
  it.each(SPEC)('%s %s lists exactly the statuses of the spec', (method, path, expected) => {
    const added = BEYOND_SPEC[`${method} ${path}`] ?? [];
    expect(statuses(method, path)).toEqual([...expected, ...added].sort((a, b) => a - b));
  });

  it.each(DESIGNED)('%s %s lists exactly the designed statuses', (method, path, expected) => {
    expect(statuses(method, path)).toEqual(expected);
  });

  it('has no operation beyond the spec and the designed gaps', () => {
    const known = new Set([...SPEC, ...DESIGNED].map(([m, p]) => `${m} ${p}`));
    expect(operations.map((op) => `${op.method} ${op.path}`).filter((k) => !known.has(k))).toEqual([]);
    expect(operations).toHaveLength(known.size);
  });

  it("keeps the spec's success status as the only 2xx of each spec endpoint", () => {
    for (const [method, path, expected] of SPEC) {
      const twoXX = (statuses(method, path) ?? []).filter((s) => s < 300);
      expect([method, path, twoXX]).toEqual([method, path, expected.filter((s) => s < 300)]);
    }
  });

  it('answers text/plain on the two inbound webhooks and HTML on the unsubscribe page', () => {
    const media = (method: string, path: string, status: string) =>
      Object.keys((document.paths[path][method] as { responses: Record<string, { content?: object }> }).responses[status].content ?? {});
    for (const s of ['200', '401']) expect(media('post', '/billing/webhook/subscription-hub', s)).toEqual(['text/plain']);
    for (const s of ['200', '400', '500', '503']) expect(media('post', '/billing/webhook/payment-provider', s)).toEqual(['text/plain']);
    expect(media('get', '/unsubscribe', '200')).toEqual(['text/html']);
  });
});
