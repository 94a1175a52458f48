// Generated from libs/contracts/openapi.yaml by scripts/generate-contract-types.mjs (npm run generate). Do not edit.

import type { operations } from './openapi';

/** The operations `x-service: billing` serves. */
export interface BillingOperations {
  /** POST /billing/checkout */
  createCheckout: operations['createCheckout'];
  /** GET /billing/checkout-methods */
  listCheckoutMethods: operations['listCheckoutMethods'];
  /** POST /billing/upgrade/quote */
  quoteUpgrade: operations['quoteUpgrade'];
  /** POST /billing/upgrade */
  upgradeSubscription: operations['upgradeSubscription'];
  /** POST /billing/downgrade */
  downgradeSubscription: operations['downgradeSubscription'];
  /** DELETE /billing/pending-change */
  cancelPendingChange: operations['cancelPendingChange'];
  /** DELETE /billing/subscription */
  cancelSubscription: operations['cancelSubscription'];
  /** GET /billing/state */
  getBillingState: operations['getBillingState'];
  /** GET /billing/catalogue */
  getCatalogue: operations['getCatalogue'];
  /** GET /billing/return */
  showCheckoutReturn: operations['showCheckoutReturn'];
  /** POST /billing/webhook/subscription-hub */
  hubWebhook: operations['hubWebhook'];
  /** POST /billing/webhook/payment-provider */
  paymentProviderWebhook: operations['paymentProviderWebhook'];
  /** GET /admin/tenants/{tenantId}/billing */
  getTenantBilling: operations['getTenantBilling'];
  /** POST /admin/tenants/{tenantId}/grant */
  grantPlan: operations['grantPlan'];
  /** DELETE /admin/tenants/{tenantId}/grant */
  revokeGrant: operations['revokeGrant'];
}

/** The operations `x-service: gateway` serves. */
export interface GatewayOperations {
  /** GET /api-keys */
  listApiKeys: operations['listApiKeys'];
  /** POST /api-keys */
  createApiKey: operations['createApiKey'];
  /** DELETE /api-keys/{id} */
  revokeApiKey: operations['revokeApiKey'];
  /** GET /me */
  getMe: operations['getMe'];
  /** POST /me/totp */
  startTotpEnrollment: operations['startTotpEnrollment'];
  /** DELETE /me/totp */
  disableTotp: operations['disableTotp'];
  /** POST /me/totp/confirm */
  confirmTotpEnrollment: operations['confirmTotpEnrollment'];
  /** POST /sessions */
  createSession: operations['createSession'];
  /** DELETE /sessions/current */
  deleteCurrentSession: operations['deleteCurrentSession'];
  /** GET /members */
  listMembers: operations['listMembers'];
  /** POST /members */
  createMember: operations['createMember'];
  /** DELETE /members/{id} */
  removeMember: operations['removeMember'];
  /** PATCH /members/{id} */
  updateMember: operations['updateMember'];
  /** GET /invitations */
  listInvitations: operations['listInvitations'];
  /** POST /invitations */
  createInvitation: operations['createInvitation'];
  /** DELETE /invitations/{id} */
  revokeInvitation: operations['revokeInvitation'];
  /** POST /invitations/accept */
  acceptInvitation: operations['acceptInvitation'];
  /** POST /password-resets */
  requestPasswordReset: operations['requestPasswordReset'];
  /** POST /password-resets/confirm */
  confirmPasswordReset: operations['confirmPasswordReset'];
  /** POST /sign-in-links */
  requestSignInLink: operations['requestSignInLink'];
  /** POST /sign-in-links/confirm */
  confirmSignInLink: operations['confirmSignInLink'];
  /** GET /audit-log */
  listAuditLog: operations['listAuditLog'];
  /** GET /audit-log/export */
  exportAuditLog: operations['exportAuditLog'];
  /** GET /healthz */
  health: operations['health'];
  /** GET /openapi.json */
  getOpenApiJson: operations['getOpenApiJson'];
  /** GET /openapi.yaml */
  getOpenApiYaml: operations['getOpenApiYaml'];
  /** GET /docs */
  showDocs: operations['showDocs'];
  /** GET /docs/guides */
  listGuides: operations['listGuides'];
  /** GET /docs/guides/{guide} */
  getGuide: operations['getGuide'];
  /** GET /docs/assets/{file} */
  getDocsAsset: operations['getDocsAsset'];
  /** GET /readyz */
  readiness: operations['readiness'];
  /** GET /metrics */
  metrics: operations['metrics'];
  /** GET /admin/tenants */
  listTenants: operations['listTenants'];
  /** POST /admin/tenants */
  createTenant: operations['createTenant'];
  /** POST /admin/tenants/{tenantId}/owners */
  createOwner: operations['createOwner'];
}

/** The operations `x-service: mail` serves. */
export interface MailOperations {
  /** GET /emails */
  listEmails: operations['listEmails'];
  /** POST /emails */
  sendEmail: operations['sendEmail'];
  /** POST /emails/batch */
  sendEmailBatch: operations['sendEmailBatch'];
  /** POST /emails/test */
  sendTestEmail: operations['sendTestEmail'];
  /** GET /emails/{id} */
  getEmail: operations['getEmail'];
  /** PATCH /emails/{id} */
  updateEmail: operations['updateEmail'];
  /** POST /emails/{id}/cancel */
  cancelEmail: operations['cancelEmail'];
  /** GET /stats */
  getEmailStats: operations['getEmailStats'];
  /** GET /reputation */
  getReputation: operations['getReputation'];
  /** GET /identities */
  listIdentities: operations['listIdentities'];
  /** POST /identities */
  createIdentity: operations['createIdentity'];
  /** GET /identities/{id} */
  getIdentity: operations['getIdentity'];
  /** DELETE /identities/{id} */
  deleteIdentity: operations['deleteIdentity'];
  /** PATCH /identities/{id} */
  updateIdentity: operations['updateIdentity'];
  /** POST /identities/{id}/verify */
  verifyIdentity: operations['verifyIdentity'];
  /** POST /identities/{id}/dkim/rotate */
  rotateDkimKey: operations['rotateDkimKey'];
  /** DELETE /identities/{id}/dkim/rotate */
  cancelDkimRotation: operations['cancelDkimRotation'];
  /** POST /identities/{id}/inbound */
  enableInbound: operations['enableInbound'];
  /** DELETE /identities/{id}/inbound */
  disableInbound: operations['disableInbound'];
  /** GET /inbound/routes */
  listInboundRoutes: operations['listInboundRoutes'];
  /** POST /inbound/routes */
  createInboundRoute: operations['createInboundRoute'];
  /** GET /inbound/routes/{id} */
  getInboundRoute: operations['getInboundRoute'];
  /** DELETE /inbound/routes/{id} */
  deleteInboundRoute: operations['deleteInboundRoute'];
  /** PATCH /inbound/routes/{id} */
  updateInboundRoute: operations['updateInboundRoute'];
  /** GET /inbound/messages */
  listInboundMessages: operations['listInboundMessages'];
  /** GET /inbound/messages/{id} */
  getInboundMessage: operations['getInboundMessage'];
  /** GET /inbound/messages/{id}/attachments/{index} */
  downloadInboundAttachment: operations['downloadInboundAttachment'];
  /** GET /suppressions */
  listSuppressions: operations['listSuppressions'];
  /** POST /suppressions */
  addSuppression: operations['addSuppression'];
  /** DELETE /suppressions/{email} */
  removeSuppression: operations['removeSuppression'];
  /** GET /templates */
  listTemplates: operations['listTemplates'];
  /** POST /templates */
  createTemplate: operations['createTemplate'];
  /** GET /templates/{id} */
  getTemplate: operations['getTemplate'];
  /** DELETE /templates/{id} */
  deleteTemplate: operations['deleteTemplate'];
  /** PATCH /templates/{id} */
  updateTemplate: operations['updateTemplate'];
  /** POST /templates/{id}/publish */
  publishTemplate: operations['publishTemplate'];
  /** GET /templates/{id}/versions */
  listTemplateVersions: operations['listTemplateVersions'];
  /** GET /templates/{id}/versions/{version} */
  getTemplateVersion: operations['getTemplateVersion'];
  /** POST /templates/{id}/render */
  renderTemplate: operations['renderTemplate'];
  /** GET /unsubscribe */
  showUnsubscribePage: operations['showUnsubscribePage'];
  /** POST /unsubscribe */
  unsubscribe: operations['unsubscribe'];
  /** GET /track/click/{token} */
  followTrackedLink: operations['followTrackedLink'];
  /** GET /track/open/{token} */
  trackOpen: operations['trackOpen'];
  /** POST /admin/tenants/{tenantId}/pause-sending */
  pauseSending: operations['pauseSending'];
  /** POST /admin/tenants/{tenantId}/resume-sending */
  resumeSending: operations['resumeSending'];
}

/** The operations `x-service: webhooks` serves. */
export interface WebhooksOperations {
  /** GET /webhooks/endpoints */
  listWebhookEndpoints: operations['listWebhookEndpoints'];
  /** POST /webhooks/endpoints */
  createWebhookEndpoint: operations['createWebhookEndpoint'];
  /** GET /webhooks/endpoints/{id} */
  getWebhookEndpoint: operations['getWebhookEndpoint'];
  /** DELETE /webhooks/endpoints/{id} */
  deleteWebhookEndpoint: operations['deleteWebhookEndpoint'];
  /** PATCH /webhooks/endpoints/{id} */
  updateWebhookEndpoint: operations['updateWebhookEndpoint'];
  /** POST /webhooks/endpoints/{id}/rotate-secret */
  rotateWebhookEndpointSecret: operations['rotateWebhookEndpointSecret'];
  /** GET /webhooks/endpoints/{id}/deliveries */
  listWebhookDeliveries: operations['listWebhookDeliveries'];
  /** POST /webhooks/endpoints/{id}/replay */
  replayWebhookDeliveries: operations['replayWebhookDeliveries'];
  /** GET /webhooks/deliveries/{id} */
  getWebhookDelivery: operations['getWebhookDelivery'];
  /** POST /webhooks/deliveries/{id}/redeliver */
  redeliverWebhook: operations['redeliverWebhook'];
}

/** Operations whose body is forwarded as raw bytes (`x-raw-body`) for their service to verify and parse. */
export type RawBodyOperationId = 'hubWebhook' | 'paymentProviderWebhook';
