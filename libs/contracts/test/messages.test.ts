import { EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../src/events';
import {
  EVENT_DATA_SCHEMAS,
  validateEnvelope,
  validateEventData,
  validateMessage,
  validateRpcReply,
  validateRpcRequest,
  type RpcReply,
  type RpcRequest,
} from '../src/messages';
import { QUEUES } from '../src/queues';
import { document } from '../src/openapi';
import type { Envelope } from '../src/envelope';

const NOW = '2026-03-01T12:00:00.000Z';
const MSG = 'msg_01j9zzzzzzzzzzzzzzzzzzzzzz';
const IDN = 'idn_01j9zzzzzzzzzzzzzzzzzzzzzz';
const email = {
  messageId: MSG,
  kind: 'standard',
  identityId: IDN,
  from: 'a@acme.example.com',
  to: 'j@example.org',
  subject: 'Hi',
  tags: [],
  metadata: {},
};
const envelope = (type: string, data: object, version = 1): Envelope => ({
  id: 'evt_01j9zzzzzzzzzzzzzzzzzzzzzz',
  type,
  version,
  occurredAt: NOW,
  tenantId: 'ten_01j9zzzzzzzzzzzzzzzzzzzzzz',
  correlationId: 'req_1',
  data,
});

describe('broker messages', () => {
  it('accepts a well-formed envelope and refuses one without a correlation id', () => {
    expect(validateEnvelope(envelope('email.queued', email))).toEqual([]);
    const { correlationId: _c, ...rest } = envelope('email.queued', email);
    expect(validateEnvelope(rest)).toEqual([{ path: '/correlationId', message: 'is required' }]);
  });

  it('checks event data by type and version', () => {
    expect(validateMessage(envelope('email.sent', { ...email, attempt: 1, smtpCode: 250, response: '250 OK', sentAt: NOW }))).toEqual([]);
    expect(
      validateMessage(envelope('email.sent', email))
        .map((i) => i.path)
        .sort(),
    ).toEqual(['/data/attempt', '/data/response', '/data/sentAt', '/data/smtpCode']);
    expect(validateMessage(envelope('email.queued', { ...email, secret: 'x' }))).toEqual([
      { path: '/data/secret', message: 'is not allowed' },
    ]);
    expect(validateMessage(envelope('email.queued', email, 2))).toEqual([
      { path: '/type', message: 'no schema for email.queued version 2' },
    ]);
    expect(validateMessage(envelope('email.read', email))).toHaveLength(1);
    const open = { ...email, recipient: null, userAgent: null, first: true, machine: false, machineReason: null, openedAt: NOW };
    expect(validateMessage(envelope('email.opened', open))).toEqual([]);
  });

  it('checks work items, which carry ids only', () => {
    expect(validateMessage(envelope('mail.send', { messageId: MSG }))).toEqual([]);
    expect(validateMessage(envelope('mail.send', { messageId: MSG, html: '<p>' }))).toHaveLength(1);
    expect(validateMessage(envelope('webhooks.deliver', { deliveryId: 'dlv_1' }))).toEqual([]);
  });

  it('has a data schema for every event type, each of which compiles', () => {
    expect(Object.keys(EVENT_DATA_SCHEMAS).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) expect(() => validateEventData(type, {})).not.toThrow();
    expect(
      validateEventData('entitlement.changed', {
        revision: 3,
        plan: 'pro',
        monthlyEmailQuota: 50000,
        status: 'active',
        hasSubscription: true,
        effectiveAt: NOW,
      }),
    ).toEqual([]);
    expect(validateEventData('recipient.unsubscribed', { email: 'j@example.org', messageId: null })).toEqual([]);
  });

  it('lists the same webhook event types in events.ts and openapi.yaml', () => {
    const schemas = document.components.schemas as Record<string, { enum?: string[]; items?: { enum?: string[] } }>;
    expect(schemas.EventType.enum).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(schemas.EventTypeFilter.items?.enum).toEqual([...WEBHOOK_EVENT_TYPES, '*']);
  });

  it('checks RPC requests and replies', () => {
    const request: RpcRequest = {
      operationId: 'rawBodyless',
      requestId: 'req_1',
      tenantId: null,
      keyId: null,
      params: {},
      query: { limit: 20 },
      body: null,
      headers: { accept: 'application/json' },
      contentType: null,
    };
    expect(validateRpcRequest(request)).toEqual([]);
    expect(validateRpcRequest({ ...request, rawBody: Buffer.from('{}').toString('base64') })).toEqual([]);
    expect(validateRpcRequest({ ...request, headers: { authorization: ['a', 'b'] } })).toHaveLength(1);
    const reply: RpcReply = { status: 204, body: null };
    expect(validateRpcReply(reply)).toEqual([]);
    expect(validateRpcReply({ status: 200, contentType: 'text/html', body: '<p>', headers: { 'Retry-After': '1' } })).toEqual([]);
    expect(validateRpcReply({ status: 99, body: null })).toHaveLength(1);
  });

  it('names every queue once', () => {
    const names = Object.values(QUEUES);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['rpc.billing', 'rpc.mail', 'rpc.webhooks', 'mail.outbox', 'webhooks.events', 'mail.entitlements']),
    );
  });
});
