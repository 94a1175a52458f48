// Every operation of the contract, by operationId: how to call it and which SDK method does. `satisfies` makes an
// operation the contract adds a type error here until it is mapped; test/operations.happy.test.ts checks the
// methods and paths against openapi.yaml and that each named SDK method exists.
import type { OperationId, WebhookOperationId } from './types';

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** The SDK method, `resource.method` on a Mailplane instance; or why no client calls it. */
  sdk: string | { notInSdk: string };
  /** Takes an `Idempotency-Key` header: auto-generated unless the caller gives or disables one. */
  idempotencyKey?: true;
}

const PAGE_FOR_BROWSERS = { notInSdk: 'an HTML page for a person in a browser' };
const INBOUND_WEBHOOK = { notInSdk: 'called by a third party (billing hub, payment provider), never by a tenant' };

export const OPERATIONS = {
  listApiKeys: { method: 'GET', path: '/api-keys', sdk: 'apiKeys.list' },
  createApiKey: { method: 'POST', path: '/api-keys', sdk: 'apiKeys.create' },
  revokeApiKey: { method: 'DELETE', path: '/api-keys/{id}', sdk: 'apiKeys.revoke' },
  listAuditLog: { method: 'GET', path: '/audit-log', sdk: 'auditLog.list' },
  exportAuditLog: {
    method: 'GET',
    path: '/audit-log/export',
    sdk: { notInSdk: 'a download of JSON lines; `auditLog.list` pages the same records' },
  },
  getMe: { method: 'GET', path: '/me', sdk: 'me' },
  createSession: { method: 'POST', path: '/sessions', sdk: 'sessions.create' },
  deleteCurrentSession: { method: 'DELETE', path: '/sessions/current', sdk: 'sessions.end' },
  listMembers: { method: 'GET', path: '/members', sdk: 'members.list' },
  createMember: { method: 'POST', path: '/members', sdk: 'members.create' },
  updateMember: { method: 'PATCH', path: '/members/{id}', sdk: 'members.update' },
  removeMember: { method: 'DELETE', path: '/members/{id}', sdk: 'members.remove' },
  listInvitations: { method: 'GET', path: '/invitations', sdk: 'invitations.list' },
  createInvitation: { method: 'POST', path: '/invitations', sdk: 'invitations.create' },
  revokeInvitation: { method: 'DELETE', path: '/invitations/{id}', sdk: 'invitations.revoke' },
  acceptInvitation: { method: 'POST', path: '/invitations/accept', sdk: 'invitations.accept' },
  requestPasswordReset: { method: 'POST', path: '/password-resets', sdk: 'passwordResets.request' },
  confirmPasswordReset: { method: 'POST', path: '/password-resets/confirm', sdk: 'passwordResets.confirm' },
  requestSignInLink: { method: 'POST', path: '/sign-in-links', sdk: 'signInLinks.request' },
  confirmSignInLink: { method: 'POST', path: '/sign-in-links/confirm', sdk: 'signInLinks.confirm' },
  listEmails: { method: 'GET', path: '/emails', sdk: 'emails.list' },
  sendEmail: { method: 'POST', path: '/emails', sdk: 'emails.send', idempotencyKey: true },
  sendTestEmail: { method: 'POST', path: '/emails/test', sdk: 'emails.sendTest' },
  sendEmailBatch: { method: 'POST', path: '/emails/batch', sdk: 'emails.sendBatch', idempotencyKey: true },
  getEmail: { method: 'GET', path: '/emails/{id}', sdk: 'emails.get' },
  getEmailStats: { method: 'GET', path: '/stats', sdk: 'emails.stats' },
  updateEmail: { method: 'PATCH', path: '/emails/{id}', sdk: 'emails.update' },
  cancelEmail: { method: 'POST', path: '/emails/{id}/cancel', sdk: 'emails.cancel' },
  listIdentities: { method: 'GET', path: '/identities', sdk: 'identities.list' },
  createIdentity: { method: 'POST', path: '/identities', sdk: 'identities.create' },
  getIdentity: { method: 'GET', path: '/identities/{id}', sdk: 'identities.get' },
  deleteIdentity: { method: 'DELETE', path: '/identities/{id}', sdk: 'identities.delete' },
  verifyIdentity: { method: 'POST', path: '/identities/{id}/verify', sdk: 'identities.verify' },
  updateIdentity: { method: 'PATCH', path: '/identities/{id}', sdk: 'identities.update' },
  enableInbound: { method: 'POST', path: '/identities/{id}/inbound', sdk: 'identities.enableInbound' },
  disableInbound: { method: 'DELETE', path: '/identities/{id}/inbound', sdk: 'identities.disableInbound' },
  listInboundRoutes: { method: 'GET', path: '/inbound/routes', sdk: 'inbound.routes.list' },
  createInboundRoute: { method: 'POST', path: '/inbound/routes', sdk: 'inbound.routes.create' },
  getInboundRoute: { method: 'GET', path: '/inbound/routes/{id}', sdk: 'inbound.routes.get' },
  updateInboundRoute: { method: 'PATCH', path: '/inbound/routes/{id}', sdk: 'inbound.routes.update' },
  deleteInboundRoute: { method: 'DELETE', path: '/inbound/routes/{id}', sdk: 'inbound.routes.delete' },
  listInboundMessages: { method: 'GET', path: '/inbound/messages', sdk: 'inbound.list' },
  getInboundMessage: { method: 'GET', path: '/inbound/messages/{id}', sdk: 'inbound.get' },
  downloadInboundAttachment: {
    method: 'GET',
    path: '/inbound/messages/{id}/attachments/{index}',
    sdk: { notInSdk: 'a signed link, fetched as is (the `url` of each attachment)' },
  },
  listTemplates: { method: 'GET', path: '/templates', sdk: 'templates.list' },
  createTemplate: { method: 'POST', path: '/templates', sdk: 'templates.create' },
  getTemplate: { method: 'GET', path: '/templates/{id}', sdk: 'templates.get' },
  updateTemplate: { method: 'PATCH', path: '/templates/{id}', sdk: 'templates.update' },
  deleteTemplate: { method: 'DELETE', path: '/templates/{id}', sdk: 'templates.delete' },
  publishTemplate: { method: 'POST', path: '/templates/{id}/publish', sdk: 'templates.publish' },
  listTemplateVersions: { method: 'GET', path: '/templates/{id}/versions', sdk: 'templates.versions' },
  getTemplateVersion: { method: 'GET', path: '/templates/{id}/versions/{version}', sdk: 'templates.version' },
  renderTemplate: { method: 'POST', path: '/templates/{id}/render', sdk: 'templates.render' },
  listWebhookEndpoints: { method: 'GET', path: '/webhooks/endpoints', sdk: 'webhooks.list' },
  createWebhookEndpoint: { method: 'POST', path: '/webhooks/endpoints', sdk: 'webhooks.create' },
  getWebhookEndpoint: { method: 'GET', path: '/webhooks/endpoints/{id}', sdk: 'webhooks.get' },
  updateWebhookEndpoint: { method: 'PATCH', path: '/webhooks/endpoints/{id}', sdk: 'webhooks.update' },
  deleteWebhookEndpoint: { method: 'DELETE', path: '/webhooks/endpoints/{id}', sdk: 'webhooks.delete' },
  rotateWebhookEndpointSecret: { method: 'POST', path: '/webhooks/endpoints/{id}/rotate-secret', sdk: 'webhooks.rotateSecret' },
  listWebhookDeliveries: { method: 'GET', path: '/webhooks/endpoints/{id}/deliveries', sdk: 'webhooks.deliveries' },
  replayWebhookDeliveries: { method: 'POST', path: '/webhooks/endpoints/{id}/replay', sdk: 'webhooks.replay' },
  getWebhookDelivery: { method: 'GET', path: '/webhooks/deliveries/{id}', sdk: 'webhooks.delivery' },
  redeliverWebhook: { method: 'POST', path: '/webhooks/deliveries/{id}/redeliver', sdk: 'webhooks.redeliver' },
  listSuppressions: { method: 'GET', path: '/suppressions', sdk: 'suppressions.list' },
  addSuppression: { method: 'POST', path: '/suppressions', sdk: 'suppressions.add' },
  removeSuppression: { method: 'DELETE', path: '/suppressions/{email}', sdk: 'suppressions.remove' },
  showUnsubscribePage: { method: 'GET', path: '/unsubscribe', sdk: PAGE_FOR_BROWSERS },
  followTrackedLink: { method: 'GET', path: '/track/click/{token}', sdk: { notInSdk: "a recipient's mail client follows it" } },
  trackOpen: { method: 'GET', path: '/track/open/{token}', sdk: { notInSdk: "a recipient's mail client loads it" } },
  unsubscribe: { method: 'POST', path: '/unsubscribe', sdk: { notInSdk: "the recipient's mail client posts it (one-click unsubscribe)" } },
  createCheckout: { method: 'POST', path: '/billing/checkout', sdk: 'billing.checkout' },
  listCheckoutMethods: { method: 'GET', path: '/billing/checkout-methods', sdk: 'billing.checkoutMethods' },
  quoteUpgrade: { method: 'POST', path: '/billing/upgrade/quote', sdk: 'billing.quoteUpgrade' },
  upgradeSubscription: { method: 'POST', path: '/billing/upgrade', sdk: 'billing.upgrade' },
  downgradeSubscription: { method: 'POST', path: '/billing/downgrade', sdk: 'billing.downgrade' },
  cancelPendingChange: { method: 'DELETE', path: '/billing/pending-change', sdk: 'billing.cancelPendingChange' },
  cancelSubscription: { method: 'DELETE', path: '/billing/subscription', sdk: 'billing.cancel' },
  getBillingState: { method: 'GET', path: '/billing/state', sdk: 'billing.state' },
  getCatalogue: { method: 'GET', path: '/billing/catalogue', sdk: 'billing.catalogue' },
  showCheckoutReturn: { method: 'GET', path: '/billing/return', sdk: PAGE_FOR_BROWSERS },
  hubWebhook: { method: 'POST', path: '/billing/webhook/subscription-hub', sdk: INBOUND_WEBHOOK },
  paymentProviderWebhook: { method: 'POST', path: '/billing/webhook/payment-provider', sdk: INBOUND_WEBHOOK },
  health: { method: 'GET', path: '/healthz', sdk: 'health' },
  readiness: { method: 'GET', path: '/readyz', sdk: { notInSdk: "a load balancer's or orchestrator's readiness probe" } },
  metrics: { method: 'GET', path: '/metrics', sdk: { notInSdk: 'scraped by Prometheus' } },
  getOpenApiJson: { method: 'GET', path: '/openapi.json', sdk: { notInSdk: 'the contract the SDK is generated from' } },
  getOpenApiYaml: { method: 'GET', path: '/openapi.yaml', sdk: { notInSdk: 'the contract the SDK is generated from' } },
  showDocs: { method: 'GET', path: '/docs', sdk: PAGE_FOR_BROWSERS },
  getDocsAsset: { method: 'GET', path: '/docs/assets/{file}', sdk: { notInSdk: 'a file of the docs page' } },
  createTenant: { method: 'POST', path: '/admin/tenants', sdk: 'admin.createTenant' },
  listTenants: { method: 'GET', path: '/admin/tenants', sdk: 'admin.listTenants' },
  getTenantBilling: { method: 'GET', path: '/admin/tenants/{tenantId}/billing', sdk: 'admin.tenantBilling' },
  grantPlan: { method: 'POST', path: '/admin/tenants/{tenantId}/grant', sdk: 'admin.grantPlan' },
  createOwner: { method: 'POST', path: '/admin/tenants/{tenantId}/owners', sdk: 'admin.createOwner' },
  revokeGrant: { method: 'DELETE', path: '/admin/tenants/{tenantId}/grant', sdk: 'admin.revokeGrant' },
} as const satisfies Record<OperationId, Route>;

/** The contract's outbound `webhooks`: what the SDK offers the receiving side. */
export const WEBHOOK_OPERATIONS = {
  deliverEvent: { sdk: 'verifyWebhook' },
} as const satisfies Record<WebhookOperationId, { sdk: string }>;
