import { runProcess } from '../platform/process';
import { webhookReceiverConfig } from '../sandbox/config';
import { startWebhookReceiver } from '../sandbox/webhook-receiver';

// `npm run webhook-receiver`: a local endpoint to point a webhook at (docs/guides/webhooks.md). WEBHOOK_RECEIVER_PORT
// (default 8080) and WEBHOOK_RECEIVER_HOST (127.0.0.1) say where it listens; MAILPLANE_WEBHOOK_SECRET turns on verification.
async function main() {
  const { port, host, secret } = webhookReceiverConfig();
  const receiver = await startWebhookReceiver({
    port,
    host,
    secret,
    onEvent: ({ type, id, verified }) =>
      process.stdout.write(
        `${type} ${id} ${verified === null ? 'unverified (no MAILPLANE_WEBHOOK_SECRET)' : verified ? 'verified' : 'FORGED OR STALE: 401'}\n`,
      ),
  });
  process.stdout.write(
    `Webhook receiver listening on ${receiver.url} (${secret ? 'verifying signatures' : 'not verifying: set MAILPLANE_WEBHOOK_SECRET'}); Ctrl-C stops it\n`,
  );
  return { stop: receiver.close };
}

runProcess('webhook-receiver', main);
