import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DOCUMENT_PATH, deref, document, operations } from '../src/openapi';
import { validateRequest, validateResponse } from '../src/validation';

const EVENTS_PATH = path.join(__dirname, '..', 'schemas', 'events.json');

// The validator is ESM-only; run it in a child process rather than teach jest ESM.
function thirdPartyValidation(): { valid: boolean; errors?: unknown; version?: string } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    const v = new Validator();
    await v.addSpecRef(${JSON.stringify(EVENTS_PATH)}, 'schemas/events.json');
    const res = await v.validate(${JSON.stringify(DOCUMENT_PATH)});
    console.log(JSON.stringify({ ...res, version: v.version }));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: __dirname, encoding: 'utf8' });
  return JSON.parse(out);
}

const EXPECTED_OPERATION_IDS = [
  'listApiKeys',
  'createApiKey',
  'revokeApiKey',
  'listAuditLog',
  'exportAuditLog',
  'getMe',
  'startTotpEnrollment',
  'confirmTotpEnrollment',
  'disableTotp',
  'createSession',
  'deleteCurrentSession',
  'listMembers',
  'createMember',
  'updateMember',
  'removeMember',
  'createOwner',
  'listInvitations',
  'createInvitation',
  'revokeInvitation',
  'acceptInvitation',
  'requestPasswordReset',
  'confirmPasswordReset',
  'requestSignInLink',
  'confirmSignInLink',
  'sendEmail',
  'sendTestEmail',
  'sendEmailBatch',
  'listEmails',
  'getEmail',
  'getEmailStats',
  'getReputation',
  'updateEmail',
  'cancelEmail',
  'createCheckout',
  'listCheckoutMethods',
  'quoteUpgrade',
  'upgradeSubscription',
  'downgradeSubscription',
  'cancelPendingChange',
  'cancelSubscription',
  'getBillingState',
  'getCatalogue',
  'hubWebhook',
  'paymentProviderWebhook',
  'listIdentities',
  'createIdentity',
  'getIdentity',
  'verifyIdentity',
  'rotateDkimKey',
  'cancelDkimRotation',
  'deleteIdentity',
  'listWebhookEndpoints',
  'createWebhookEndpoint',
  'getWebhookEndpoint',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'rotateWebhookEndpointSecret',
  'listWebhookDeliveries',
  'getWebhookDelivery',
  'redeliverWebhook',
  'replayWebhookDeliveries',
  'listSuppressions',
  'addSuppression',
  'removeSuppression',
  'updateIdentity',
  'listTemplates',
  'createTemplate',
  'getTemplate',
  'updateTemplate',
  'deleteTemplate',
  'publishTemplate',
  'listTemplateVersions',
  'getTemplateVersion',
  'renderTemplate',
  'followTrackedLink',
  'trackOpen',
  'enableInbound',
  'disableInbound',
  'listInboundRoutes',
  'createInboundRoute',
  'getInboundRoute',
  'updateInboundRoute',
  'deleteInboundRoute',
  'listInboundMessages',
  'getInboundMessage',
  'downloadInboundAttachment',
  'showUnsubscribePage',
  'unsubscribe',
  'health',
  'createTenant',
  'listTenants',
  'getTenantBilling',
  'grantPlan',
  'revokeGrant',
  'pauseSending',
  'resumeSending',
  'showCheckoutReturn',
  'getOpenApiJson',
  'getOpenApiYaml',
  'showDocs',
  'listGuides',
  'getGuide',
  'getDocsAsset',
  'readiness',
  'metrics',
];

type Raw = Record<string, unknown>;
const raw = (op: { path: string; method: string }) => document.paths[op.path][op.method] as Raw;

describe('openapi.yaml', () => {
  it('when checked by @seriousme/openapi-schema-validator, then it is a valid OpenAPI 3.1 document', () => {
    const result = thirdPartyValidation();
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('is version 0.1.0 of OpenAPI 3.1.0', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.0');
  });

  it('has exactly the expected operations, each with a unique camelCase operationId', () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...EXPECTED_OPERATION_IDS].sort());
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
  });

  it('names the owning service of every operation', () => {
    const owner = (p: string) =>
      p.startsWith('/billing') || /^\/admin\/tenants\/\{tenantId\}\/(?!owners|pause-sending|resume-sending)/.test(p)
        ? 'billing'
        : p.startsWith('/webhooks')
          ? 'webhooks'
          : /^\/(emails|identities|stats|reputation|suppressions|unsubscribe|templates|track|inbound)\//.test(`${p}/`) ||
              /^\/admin\/tenants\/\{tenantId\}\/(?:pause|resume)-sending$/.test(p)
            ? 'mail'
            : 'gateway';
    for (const op of operations) expect([op.operationId, op.service]).toEqual([op.operationId, owner(op.path)]);
  });

  it('classifies the security of every operation', () => {
    const kinds = Object.fromEntries(operations.map((op) => [op.operationId, op.security]));
    expect(kinds).toMatchObject({
      getCatalogue: 'public',
      showUnsubscribePage: 'public',
      unsubscribe: 'public',
      followTrackedLink: 'public',
      trackOpen: 'public',
      downloadInboundAttachment: 'public',
      health: 'public',
      readiness: 'public',
      metrics: 'metrics',
      createTenant: 'admin',
      createOwner: 'admin',
      createSession: 'public',
      acceptInvitation: 'public',
      requestPasswordReset: 'public',
      confirmPasswordReset: 'public',
      requestSignInLink: 'public',
      confirmSignInLink: 'public',
      listTenants: 'admin',
      getTenantBilling: 'admin',
      grantPlan: 'admin',
      revokeGrant: 'admin',
      showCheckoutReturn: 'public',
      showDocs: 'public',
      hubWebhook: 'hub',
      paymentProviderWebhook: 'none',
      sendEmail: 'bearer',
    });
    const nonBearer = [
      'getCatalogue',
      'showUnsubscribePage',
      'unsubscribe',
      'followTrackedLink',
      'trackOpen',
      'downloadInboundAttachment',
      'health',
      'readiness',
      'metrics',
      'createTenant',
      'createOwner',
      'createSession',
      'acceptInvitation',
      'requestPasswordReset',
      'confirmPasswordReset',
      'requestSignInLink',
      'confirmSignInLink',
      'listTenants',
      'getTenantBilling',
      'grantPlan',
      'revokeGrant',
      'pauseSending',
      'resumeSending',
      'showCheckoutReturn',
      'getOpenApiJson',
      'getOpenApiYaml',
      'showDocs',
      'listGuides',
      'getGuide',
      'getDocsAsset',
      'hubWebhook',
      'paymentProviderWebhook',
    ];
    for (const op of operations) {
      if (!nonBearer.includes(op.operationId)) expect([op.operationId, op.security]).toEqual([op.operationId, 'bearer']);
    }
  });

  it('gives every bearer route an x-permission, and `sending` only to the three sending routes', () => {
    for (const op of operations) {
      const declared = raw(op)['x-permission'];
      if (op.security !== 'bearer') {
        expect([op.operationId, declared]).toEqual([op.operationId, undefined]);
        continue;
      }
      expect([op.operationId, declared]).toEqual([op.operationId, op.permission]);
      const sending = ['sendEmail', 'sendEmailBatch', 'sendTestEmail'].includes(op.operationId);
      expect([op.operationId, declared === 'sending']).toEqual([op.operationId, sending]);
    }
  });

  it('classifies every bearer route by its area, a GET always a read (the role table of docs/guides/teams.md)', () => {
    const permissions = Object.fromEntries(
      operations.filter((op) => op.security === 'bearer').map((op) => [op.operationId, op.permission]),
    );
    expect(permissions).toMatchObject({
      listApiKeys: 'api-keys.read',
      revokeApiKey: 'api-keys.write',
      getMe: 'members.read',
      createMember: 'members.write',
      listAuditLog: 'audit.read',
      exportAuditLog: 'audit.read',
      listInboundMessages: 'domains.read',
      renderTemplate: 'templates.read',
      getBillingState: 'billing.read',
      upgradeSubscription: 'billing.write',
    });
    for (const op of operations) {
      if (op.security === 'bearer' && op.method === 'get')
        expect([op.operationId, op.permission?.endsWith('.read')]).toEqual([op.operationId, true]);
    }
    expect(Object.values(permissions)).not.toContain('full');
  });

  it('marks the two inbound billing webhooks as raw-body and nothing else', () => {
    expect(
      operations
        .filter((op) => op.rawBody)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(['hubWebhook', 'paymentProviderWebhook']);
  });

  it('maps OpenAPI templates to express paths', () => {
    const byId = Object.fromEntries(operations.map((op) => [op.operationId, op]));
    expect(byId.getEmail.expressPath).toBe('/emails/:id');
    expect(byId.removeSuppression.expressPath).toBe('/suppressions/:email');
    expect(byId.rotateWebhookEndpointSecret.expressPath).toBe('/webhooks/endpoints/:id/rotate-secret');
    expect(byId.unsubscribe.requestContentTypes.sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    expect(byId.sendEmail.maxBodyBytes).toBe(15 * 1024 * 1024);
    expect(byId.createApiKey.maxBodyBytes).toBe(1024 * 1024);
  });

  it('documents X-Request-Id on every response and a default response on every operation', () => {
    for (const op of operations) {
      const responses = raw(op).responses as Record<string, Raw>;
      expect([op.operationId, 'default' in responses]).toEqual([op.operationId, true]);
      for (const [status, response] of Object.entries(responses)) {
        const ok = JSON.stringify(deref(response).headers ?? {}).includes('#/components/headers/XRequestId');
        expect([op.operationId, status, ok]).toEqual([op.operationId, status, true]);
      }
    }
  });

  it('compiles the request schemas of every operation (every $ref resolves)', () => {
    for (const op of operations) expect(() => validateRequest(op.operationId, {})).not.toThrow();
  });

  it('compiles the response schemas of every operation, status and media type', () => {
    for (const op of operations) {
      for (const [status, response] of Object.entries(raw(op).responses as Record<string, Raw>)) {
        const code = status === 'default' ? 599 : Number(status);
        for (const mediaType of Object.keys((deref(response).content as object | undefined) ?? { none: 1 })) {
          expect(() => validateResponse(op.operationId, code, mediaType, {})).not.toThrow();
        }
      }
    }
  });
});
