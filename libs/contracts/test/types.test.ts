// Samples typed with the hand-written types of src/types.ts must match the schemas of openapi.yaml:
// tsc checks the samples against the types, this test checks them against the document.
import { validateSchema } from '../src/ajv';
import { PAGE, PRORATION_FLOOR_CENTS, DEFAULT_DKIM_SELECTOR, RESERVED_HEADERS } from '../src/limits';
import { document } from '../src/openapi';
import type * as T from '../src/types';

const NOW = '2026-03-01T12:00:00.000Z';
const apiKey: T.ApiKey = {
  id: 'key_01j9zzzzzzzzzzzzzzzzzzzzzz',
  name: 'ci',
  permission: 'sending',
  prefix: 'mp_01j9zzzzz',
  createdAt: NOW,
  lastUsedAt: NOW,
};
const summary: T.EmailSummary = {
  id: 'msg_01j9zzzzzzzzzzzzzzzzzzzzzz',
  kind: 'test',
  status: 'deferred',
  identityId: 'idn_01j9zzzzzzzzzzzzzzzzzzzzzz',
  from: 'a@acme.example.com',
  to: 'j@example.org',
  subject: 'Hi',
  tags: [{ name: 'a', value: 'b' }],
  createdAt: NOW,
  updatedAt: NOW,
};
const endpoint: T.WebhookEndpoint = {
  id: 'whe_01j9zzzzzzzzzzzzzzzzzzzzzz',
  url: 'https://h.example.com',
  eventTypes: ['email.sent'],
  description: '',
  disabled: false,
  createdAt: NOW,
  updatedAt: NOW,
};
const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

const samples: Array<[string, unknown]> = [
  [
    'Problem',
    {
      type: 'https://mailplane.dev/problems/validation_failed',
      title: 't',
      status: 400,
      code: 'validation_failed',
      requestId: 'req_1',
      errors: [{ path: '/body/to', message: 'is required' }],
    } satisfies T.Problem,
  ],
  [
    'QuotaProblem',
    {
      type: 'https://mailplane.dev/problems/quota_exceeded',
      title: 't',
      status: 422,
      code: 'quota_exceeded',
      requestId: 'r',
      limit: 1,
      used: 1,
      resetAt: NOW,
    } satisfies T.QuotaProblem,
  ],
  ['CreateApiKeyRequest', { name: 'ci', permission: 'full' } satisfies T.CreateApiKeyRequest],
  ['ApiKey', apiKey],
  ['CreatedApiKey', { ...apiKey, key: `mp_01j9zzzzzzzzzzzzzzzzzzzzzz_${'A'.repeat(43)}` } satisfies T.CreatedApiKey],
  [
    'SendEmailRequest',
    { from: 'A <a@acme.example.com>', to: 'j@example.org', subject: 'Hi', html: '<p>', metadata: { a: 'b' } } satisfies T.SendEmailRequest,
  ],
  ['SendTestEmailRequest', { to: 'j@example.org' } satisfies T.SendTestEmailRequest],
  ['SendResult', { id: summary.id, status: 'suppressed', kind: 'standard', createdAt: NOW } satisfies T.SendResult],
  ['EmailSummary', summary],
  [
    'Email',
    {
      ...summary,
      replyTo: null,
      metadata: {},
      sentAt: null,
      attempts: [{ at: NOW, outcome: 'deferred', smtpCode: null, response: 'ECONNREFUSED', nextAttemptAt: NOW }],
    } satisfies T.Email,
  ],
  ['CreateIdentityRequest', { domain: 'acme.example.com', selector: 'mp2' } satisfies T.CreateIdentityRequest],
  [
    'Identity',
    {
      id: 'idn_01j9zzzzzzzzzzzzzzzzzzzzzz',
      domain: 'acme.example.com',
      selector: 'mp1',
      status: 'pending',
      dnsRecords: [
        { purpose: 'dkim', type: 'TXT', name: 'mp1._domainkey.acme.example.com', value: 'v=DKIM1; k=rsa; p=AAAA', status: 'unchecked' },
      ],
      createdAt: NOW,
      verifiedAt: null,
      lastCheckedAt: null,
    } satisfies T.Identity,
  ],
  ['CreateWebhookEndpointRequest', { url: 'https://h.example.com', eventTypes: ['*'] } satisfies T.CreateWebhookEndpointRequest],
  ['UpdateWebhookEndpointRequest', { disabled: true } satisfies T.UpdateWebhookEndpointRequest],
  ['WebhookEndpoint', endpoint],
  ['CreatedWebhookEndpoint', { ...endpoint, secret } satisfies T.CreatedWebhookEndpoint],
  ['RotatedSecret', { secret, previousSecretExpiresAt: NOW } satisfies T.RotatedSecret],
  [
    'WebhookEvent',
    {
      id: 'evt_01j9zzzzzzzzzzzzzzzzzzzzzz',
      type: 'identity.verified',
      createdAt: NOW,
      data: { identityId: 'idn_01j9zzzzzzzzzzzzzzzzzzzzzz', domain: 'acme.example.com', status: 'verified', checkedAt: NOW },
    } satisfies T.WebhookEvent,
  ],
  ['AddSuppressionRequest', { email: 'j@example.org', reason: 'bounced' } satisfies T.AddSuppressionRequest],
  ['Suppression', { email: 'j@example.org', reason: 'manual', createdAt: NOW, messageId: null } satisfies T.Suppression],
  ['UnsubscribeConfirmation', { unsubscribed: true, email: 'j***@example.org' } satisfies T.UnsubscribeConfirmation],
  ['Health', { status: 'degraded', services: { billing: 'up', mail: 'down', webhooks: 'up' } } satisfies T.Health],
  ['Readiness', { status: 'ready', checks: { 'gateway.store': 'up', 'gateway.broker': 'up' } } satisfies T.Readiness],
  ['CreateTenantRequest', { name: 'Acme', sandbox: true } satisfies T.CreateTenantRequest],
  ['CheckoutRequest', { plan: 'pro', paymentMethod: 'ideal', successUrl: 'https://acme.example.com/paid' } satisfies T.CheckoutRequest],
  ['CheckoutResult', { checkoutUrl: 'https://pay.example.com/c/1', paymentId: 'tr_1', plan: 'pro' } satisfies T.CheckoutResult],
  [
    'CheckoutMethods',
    {
      plan: 'pro',
      methods: [{ id: 'ideal', description: 'iDEAL', imageUrl: 'https://pay.example.com/i.svg' }],
    } satisfies T.CheckoutMethods,
  ],
  [
    'Quote',
    {
      plan: 'pro',
      currentPlan: 'starter',
      amountCents: 0,
      currency: 'EUR',
      periodEnd: NOW,
      consentRequired: false,
      prorationFloorCents: 50,
    } satisfies T.Quote,
  ],
  ['UpgradeRequest', { plan: 'pro', acceptedCents: 1200, consented: true } satisfies T.UpgradeRequest],
  ['UpgradeResult', { plan: 'pro', chargedCents: 0, currency: 'EUR', effectiveAt: NOW, paymentId: null } satisfies T.UpgradeResult],
  ['DowngradeResult', { plan: 'pro', scheduledPlan: 'starter', effectiveAt: NOW } satisfies T.DowngradeResult],
  ['CancelResult', { accessUntil: NOW, hasSubscription: true, cancelAtPeriodEnd: true } satisfies T.CancelResult],
  [
    'BillingState',
    {
      hasSubscription: true,
      plan: 'pro',
      status: 'past_due',
      paymentFailed: true,
      fixUntil: NOW,
      currentPeriodEnd: NOW,
      cancelAtPeriodEnd: false,
      scheduledChange: null,
      monthlyEmailQuota: 50000,
      granted: false,
      usage: { used: 12, limit: 50000, resetAt: NOW },
    } satisfies T.BillingState,
  ],
  [
    'Catalogue',
    {
      degraded: false,
      currency: 'EUR',
      plans: [
        { id: 'free', name: 'Free', priceCents: 0, interval: 'month', purchasable: false, priceId: 'price_free', monthlyEmailQuota: 3000 },
      ],
    } satisfies T.Catalogue,
  ],
];

describe('types.ts against openapi.yaml', () => {
  it.each(samples)('a typed %s sample matches its schema', (name, sample) => {
    expect(validateSchema(name, sample)).toEqual([]);
  });

  it('keeps limits.ts equal to the values in the document', () => {
    const params = document.components.parameters as Record<string, { schema: Record<string, number> }>;
    expect(params.Limit.schema).toMatchObject({ default: PAGE.defaultLimit, minimum: 1, maximum: PAGE.maxLimit });
    expect(params.Offset.schema).toMatchObject({ default: 0, minimum: 0, maximum: PAGE.maxOffset });
    const schemas = document.components.schemas as Record<
      string,
      { properties: Record<string, { default?: unknown; description?: string }> }
    >;
    expect(schemas.CreateIdentityRequest.properties.selector.default).toBe(DEFAULT_DKIM_SELECTOR);
    expect(schemas.Quote.properties.prorationFloorCents.description).toContain(`(${PRORATION_FLOOR_CENTS})`);
  });

  it('refuses every reserved header name, in any case, and only those', () => {
    for (const name of RESERVED_HEADERS) {
      expect(validateSchema('HeaderName', name)).not.toEqual([]);
      expect(validateSchema('HeaderName', name.toUpperCase())).not.toEqual([]);
    }
    expect(validateSchema('HeaderName', 'X-Entity-Ref-ID')).toEqual([]);
    expect(validateSchema('HeaderName', 'Tox')).toEqual([]);
  });
});
