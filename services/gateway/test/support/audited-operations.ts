import request from 'supertest';
import { subscribedTenant } from '../../../../test/support/billing';
import { auth } from '../../../../test/support/mail';
import { ADMIN_TOKEN, type TestPlatform } from '../../../../test/support/platform';

/** A tenant's key as the actor, and the request that made the change. */
export interface Tenant {
  platform: TestPlatform;
  tenantId: string;
  key: string;
  domain: string;
  identityId: string;
}
type Answer = request.Response;
/** What one operation did: the answer, and what its record must name (the operation's own id unless `recordedAs`). */
export interface Done {
  res: Answer;
  /** Its id when the answer names it. */
  target: { type: string; id?: string };
  actor?: { type: string; id?: string };
  recordedAs?: string;
  /** A key of the tenant whose log holds the record, when the change is another tenant's. */
  reader?: string;
}

export const api = (t: Pick<Tenant, 'platform'>) => request(t.platform.url);
/** The answer of a setup step, which must have `status`. */
export const created = async (res: Promise<Answer> | Answer, status = 201) => {
  const answer = await res;
  if (answer.status !== status) throw new Error(`${answer.status} ${answer.text}`);
  return answer;
};
const newEndpoint = async (t: Tenant) =>
  created(
    api(t)
      .post('/webhooks/endpoints')
      .set(auth(t.key))
      .send({ url: 'https://hooks.example.com/x', eventTypes: ['email.sent'] }),
  );
const newTemplate = async (t: Tenant) =>
  created(api(t).post('/templates').set(auth(t.key)).send({ name: 'Welcome', subject: 'Hi {{name}}', text: 'Hello' }));
const newIdentity = async (t: Tenant) =>
  created(
    api(t)
      .post('/identities')
      .set(auth(t.key))
      .send({ domain: `n${Math.random().toString(36).slice(2, 8)}.example.test` }),
  );
const newRoute = async (t: Tenant) =>
  created(
    api(t)
      .post('/inbound/routes')
      .set(auth(t.key))
      .send({ pattern: `help@${t.domain}`, action: { type: 'hold' } }),
  );

export const operator = { type: 'operator', id: 'operator' };
export const asOperator = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const grant = async (t: Tenant, tenantId: string) =>
  created(api(t).post(`/admin/tenants/${tenantId}/grant`).set(asOperator).send({ plan: 'partner' }), 200);
/** A tenant paying for `growth`, and its subscription as a record's target. */
const subscribed = async (t: Tenant) => {
  const paying = await subscribedTenant(t.platform, 'growth');
  const [own] = (await api(t).get('/api-keys').set(auth(paying.key))).body.data;
  return { key: paying.key, target: { type: 'subscription', id: paying.tenantId }, actor: { type: 'key', id: own.id } };
};

const scheduled = async (t: Tenant) => {
  const scheduledAt = new Date(Date.now() + 3600_000).toISOString();
  const body = { from: `a@${t.domain}`, to: 'r@example.org', subject: 'Later', text: 'x', scheduledAt };
  return (await created(api(t).post('/emails').set(auth(t.key)).send(body), 202)).body.id as string;
};

/** Every audited write operation, done once on a tenant of its own. */
export const AUDITED: Record<string, (t: Tenant) => Promise<Done>> = {
  // Recorded when the payment settles, as the change of the request that asked for it.
  createCheckout: async (t) => {
    const { key, tenantId } = await t.platform.newTenant();
    const res = await created(api(t).post('/billing/checkout').set(auth(key)).send({ plan: 'starter' }), 200);
    await t.platform.sandbox.provider.complete(res.body.paymentId, 'paid');
    const [own] = (await api(t).get('/api-keys').set(auth(key))).body.data;
    return { res, target: { type: 'subscription', id: tenantId }, actor: { type: 'key', id: own.id }, reader: key };
  },
  upgradeSubscription: async (t) => {
    const { key, target, actor } = await subscribed(t);
    const quote = await created(api(t).post('/billing/upgrade/quote').set(auth(key)).send({ plan: 'scale' }), 200);
    const body = { plan: 'scale', acceptedCents: quote.body.amountCents, consented: true };
    return { res: await created(api(t).post('/billing/upgrade').set(auth(key)).send(body), 200), target, actor, reader: key };
  },
  downgradeSubscription: async (t) => {
    const { key, target, actor } = await subscribed(t);
    const res = await created(api(t).post('/billing/downgrade').set(auth(key)).send({ plan: 'starter' }), 200);
    return { res, target, actor, reader: key };
  },
  cancelPendingChange: async (t) => {
    const { key, target, actor } = await subscribed(t);
    await created(api(t).post('/billing/downgrade').set(auth(key)).send({ plan: 'starter' }), 200);
    return { res: await created(api(t).delete('/billing/pending-change').set(auth(key)), 204), target, actor, reader: key };
  },
  cancelSubscription: async (t) => {
    const { key, target, actor } = await subscribed(t);
    return { res: await created(api(t).delete('/billing/subscription').set(auth(key)), 200), target, actor, reader: key };
  },
  grantPlan: async (t) => {
    const { tenantId, key } = await t.platform.newTenant();
    return { res: await grant(t, tenantId), target: { type: 'grant' }, actor: operator, reader: key };
  },
  revokeGrant: async (t) => {
    const { tenantId, key } = await t.platform.newTenant();
    await grant(t, tenantId);
    const res = await created(api(t).delete(`/admin/tenants/${tenantId}/grant`).set(asOperator), 200);
    return { res, target: { type: 'grant' }, actor: operator, reader: key };
  },
  pauseSending: async (t) => {
    const res = await created(api(t).post(`/admin/tenants/${t.tenantId}/pause-sending`).set(asOperator).send({ reason: 'review' }), 200);
    return { res, target: { type: 'tenant', id: t.tenantId }, actor: operator };
  },
  resumeSending: async (t) => {
    await created(api(t).post(`/admin/tenants/${t.tenantId}/pause-sending`).set(asOperator).send({ reason: 'review' }), 200);
    const res = await created(api(t).post(`/admin/tenants/${t.tenantId}/resume-sending`).set(asOperator), 200);
    return { res, target: { type: 'tenant', id: t.tenantId }, actor: operator };
  },
  updateEmail: async (t) => {
    const id = await scheduled(t);
    const scheduledAt = new Date(Date.now() + 7200_000).toISOString();
    return { res: await created(api(t).patch(`/emails/${id}`).set(auth(t.key)).send({ scheduledAt }), 200), target: { type: 'email', id } };
  },
  cancelEmail: async (t) => {
    const id = await scheduled(t);
    return { res: await created(api(t).post(`/emails/${id}/cancel`).set(auth(t.key)), 200), target: { type: 'email', id } };
  },
  createApiKey: async (t) => {
    const res = await created(api(t).post('/api-keys').set(auth(t.key)).send({ name: 'CI' }));
    return { res, target: { type: 'apiKey', id: res.body.id } };
  },
  revokeApiKey: async (t) => {
    const { id } = (await created(api(t).post('/api-keys').set(auth(t.key)).send({ name: 'CI' }))).body;
    return { res: await created(api(t).delete(`/api-keys/${id}`).set(auth(t.key)), 204), target: { type: 'apiKey', id } };
  },
  // The tenant's creation is recorded as its first key's, made by the operator.
  createTenant: async (t) => {
    const res = await created(api(t).post('/admin/tenants').set(auth(ADMIN_TOKEN)).send({ name: 'Acme' }));
    const reader = res.body.apiKey.key;
    return { res, target: { type: 'apiKey', id: res.body.apiKey.id }, actor: operator, recordedAs: 'createApiKey', reader };
  },
  createIdentity: async (t) => {
    const res = await newIdentity(t);
    return { res, target: { type: 'identity', id: res.body.id } };
  },
  updateIdentity: async (t) => {
    const res = await created(
      api(t)
        .patch(`/identities/${t.identityId}`)
        .set(auth(t.key))
        .send({ tracking: { opens: true } }),
      200,
    );
    return { res, target: { type: 'identity', id: t.identityId } };
  },
  verifyIdentity: async (t) => {
    const res = await created(api(t).post(`/identities/${t.identityId}/verify`).set(auth(t.key)), 200);
    return { res, target: { type: 'identity', id: t.identityId } };
  },
  rotateDkimKey: async (t) => {
    const { id } = (await newIdentity(t)).body;
    return { res: await created(api(t).post(`/identities/${id}/dkim/rotate`).set(auth(t.key)), 200), target: { type: 'identity', id } };
  },
  cancelDkimRotation: async (t) => {
    const { id } = (await newIdentity(t)).body;
    await created(api(t).post(`/identities/${id}/dkim/rotate`).set(auth(t.key)), 200);
    return { res: await created(api(t).delete(`/identities/${id}/dkim/rotate`).set(auth(t.key)), 200), target: { type: 'identity', id } };
  },
  enableInbound: async (t) => {
    const { id } = (await newIdentity(t)).body;
    return { res: await created(api(t).post(`/identities/${id}/inbound`).set(auth(t.key)), 200), target: { type: 'identity', id } };
  },
  disableInbound: async (t) => {
    const res = await created(api(t).delete(`/identities/${t.identityId}/inbound`).set(auth(t.key)), 200);
    return { res, target: { type: 'identity', id: t.identityId } };
  },
  deleteIdentity: async (t) => {
    const { id } = (await newIdentity(t)).body;
    return { res: await created(api(t).delete(`/identities/${id}`).set(auth(t.key)), 204), target: { type: 'identity', id } };
  },
  createInboundRoute: async (t) => {
    const res = await newRoute(t);
    return { res, target: { type: 'inboundRoute', id: res.body.id } };
  },
  updateInboundRoute: async (t) => {
    const { id } = (await newRoute(t)).body;
    const res = await created(api(t).patch(`/inbound/routes/${id}`).set(auth(t.key)).send({ description: 'desk' }), 200);
    return { res, target: { type: 'inboundRoute', id } };
  },
  deleteInboundRoute: async (t) => {
    const { id } = (await newRoute(t)).body;
    return { res: await created(api(t).delete(`/inbound/routes/${id}`).set(auth(t.key)), 204), target: { type: 'inboundRoute', id } };
  },
  addSuppression: async (t) => {
    const res = await created(api(t).post('/suppressions').set(auth(t.key)).send({ email: 'Gone@Example.com' }));
    return { res, target: { type: 'suppression', id: 'gone@example.com' } };
  },
  removeSuppression: async (t) => {
    await created(api(t).post('/suppressions').set(auth(t.key)).send({ email: 'gone@example.com' }));
    const res = await created(api(t).delete('/suppressions/gone@example.com').set(auth(t.key)), 204);
    return { res, target: { type: 'suppression', id: 'gone@example.com' } };
  },
  createTemplate: async (t) => {
    const res = await newTemplate(t);
    return { res, target: { type: 'template', id: res.body.id } };
  },
  updateTemplate: async (t) => {
    const { id } = (await newTemplate(t)).body;
    const res = await created(api(t).patch(`/templates/${id}`).set(auth(t.key)).send({ text: 'Hello again' }), 200);
    return { res, target: { type: 'template', id } };
  },
  publishTemplate: async (t) => {
    const { id } = (await newTemplate(t)).body;
    return { res: await created(api(t).post(`/templates/${id}/publish`).set(auth(t.key)), 200), target: { type: 'template', id } };
  },
  deleteTemplate: async (t) => {
    const { id } = (await newTemplate(t)).body;
    return { res: await created(api(t).delete(`/templates/${id}`).set(auth(t.key)), 204), target: { type: 'template', id } };
  },
  createWebhookEndpoint: async (t) => {
    const res = await newEndpoint(t);
    return { res, target: { type: 'webhookEndpoint', id: res.body.id } };
  },
  updateWebhookEndpoint: async (t) => {
    const { id } = (await newEndpoint(t)).body;
    const res = await created(api(t).patch(`/webhooks/endpoints/${id}`).set(auth(t.key)).send({ description: 'x' }), 204);
    return { res, target: { type: 'webhookEndpoint', id } };
  },
  rotateWebhookEndpointSecret: async (t) => {
    const { id } = (await newEndpoint(t)).body;
    const res = await created(api(t).post(`/webhooks/endpoints/${id}/rotate-secret`).set(auth(t.key)), 200);
    return { res, target: { type: 'webhookEndpoint', id } };
  },
  deleteWebhookEndpoint: async (t) => {
    const { id } = (await newEndpoint(t)).body;
    return {
      res: await created(api(t).delete(`/webhooks/endpoints/${id}`).set(auth(t.key)), 204),
      target: { type: 'webhookEndpoint', id },
    };
  },
};

/** The write operations that write no audit record, each with the reason (docs/decisions/audit-log.md). */
export const NOT_AUDITED: Record<string, string> = {
  sendEmail: 'a message is its own record',
  sendEmailBatch: 'a message is its own record',
  sendTestEmail: 'a message is its own record',
  renderTemplate: 'changes nothing',
  quoteUpgrade: 'changes nothing',
  redeliverWebhook: 'a delivery is its own record: sends again, changes no setting',
  replayWebhookDeliveries: 'a delivery is its own record: sends again, changes no setting',
};
