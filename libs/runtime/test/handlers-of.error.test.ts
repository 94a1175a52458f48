import type { RpcRequest, WebhooksOperations } from '@mailplane/contracts';
import { createLogger, json, noContent, runOperation, type HandlersOf } from '../src';

// The type-level half runs in `npm run typecheck`: each `@ts-expect-error` fails the check if its line compiles.
type Ops = Pick<WebhooksOperations, 'replayWebhookDeliveries' | 'deleteWebhookEndpoint'>;

const handlers: HandlersOf<Ops> = {
  replayWebhookDeliveries: async (r) => json({ queued: 0, hasMore: false, nextSince: r.body.since }, 202),
  deleteWebhookEndpoint: async () => noContent(),
};

export const misspelt: HandlersOf<Ops> = {
  ...handlers,
  // @ts-expect-error an operation id the contract does not name
  deleteWebhookEndpiont: async () => noContent(),
};

// @ts-expect-error an operation of the service without a handler
export const missing: HandlersOf<Ops> = { deleteWebhookEndpoint: async () => noContent() };

export const wrongBody: HandlersOf<Ops> = {
  ...handlers,
  // @ts-expect-error the body is `ReplayRequest`, whose `since` is a string
  replayWebhookDeliveries: async (r) => json({ queued: r.body.since.getTime(), hasMore: false, nextSince: null }, 202),
};

export const wrongAnswer: HandlersOf<Ops> = {
  ...handlers,
  // @ts-expect-error the answer is a `ReplayResult`, which always says `nextSince`
  replayWebhookDeliveries: async () => json({ queued: 1, hasMore: false }, 202),
};

const request = (operationId: string, body: unknown): RpcRequest => ({
  operationId,
  requestId: 'req_test',
  tenantId: 'ten_test',
  keyId: null,
  params: {},
  query: {},
  body,
  headers: {},
  contentType: 'application/json',
});

describe('handler maps typed from the contract', () => {
  const logger = createLogger({ level: 'silent' });

  it('when an operation has a handler, then its request reaches it with the body it was validated with', async () => {
    const reply = await runOperation(handlers, request('replayWebhookDeliveries', { since: '2026-01-01T00:00:00Z' }), logger);
    expect(reply).toEqual({
      status: 202,
      contentType: 'application/json',
      body: { queued: 0, hasMore: false, nextSince: '2026-01-01T00:00:00Z' },
    });
  });

  it('when an operation id has no handler, then the answer is a not_implemented problem', async () => {
    const reply = await runOperation(handlers, request('deleteWebhookEndpiont', null), logger);
    expect(reply).toMatchObject({ status: 501, body: { code: 'not_implemented', requestId: 'req_test' } });
  });
});
