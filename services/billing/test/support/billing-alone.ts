import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryBroker } from '@mailplane/broker';
import { createLogger } from '@mailplane/runtime';
import { createStore } from '@mailplane/store';
import { startBillingHub } from '../../../../sandbox/billing-hub';
import { startPaymentProvider } from '../../../../sandbox/payment-provider';
import { bindAuditQueue } from '../../../../test/support/audit';
import { billingConfig, startBilling } from '../../src';
import { handlePaymentNotification } from '../../src/domain/payment-webhook';

/**
 * The billing service alone, on an in-process broker and a fresh store, with the sandbox provider and hub.
 * The provider's webhook reaches a small server that does what the gateway does (hand the id to billing),
 * and never retries, so whatever gets repaired after a failure was repaired by billing's sweeper.
 */
export async function startBillingAlone() {
  const dir = mkdtempSync(path.join(tmpdir(), 'billing-'));
  const broker = createMemoryBroker();
  const store = await createStore({ dir });
  await bindAuditQueue(broker);
  const provider = await startPaymentProvider({ apiKey: 'test_billing-alone-key', webhookRetryMs: [] });
  const hub = await startBillingHub({ apiKey: 'billing-alone-hub-key' });
  let notified = (_id: string): Promise<unknown> => Promise.resolve();
  const webhook = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const id = new URLSearchParams(body).get('id') ?? '';
      notified(id).then(
        () => res.writeHead(200).end('ok'),
        () => res.writeHead(500).end('not applied'),
      );
    });
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => webhook.once('listening', resolve));
  const service = await startBilling({
    config: billingConfig({
      PUBLIC_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}`,
      BILLING_HUB_URL: hub.url,
      BILLING_HUB_API_KEY: hub.apiKey,
      BILLING_HUB_WEBHOOK_SECRET: hub.webhookSecret,
      PAYMENT_PROVIDER_URL: provider.url,
      PAYMENT_PROVIDER_API_KEY: provider.apiKey,
    }),
    broker,
    store,
    logger: createLogger({ level: 'silent' }),
  });
  const { deps } = service;
  notified = (id) => handlePaymentNotification(deps, id);
  return {
    deps,
    provider,
    hub,
    async stop() {
      await service.stop();
      await provider.stop();
      await hub.stop();
      webhook.closeAllConnections();
      await new Promise((resolve) => webhook.close(resolve));
      await broker.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type BillingAlone = Awaited<ReturnType<typeof startBillingAlone>>;
