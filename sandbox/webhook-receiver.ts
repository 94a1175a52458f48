import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST the receiver got: the event's type and id, and whether its Standard Webhooks signature held. */
export interface ReceivedEvent {
  type: string;
  id: string;
  verified: boolean | null;
}

export interface WebhookReceiverOptions {
  port: number;
  host: string;
  /** The endpoint's `whsec_…` secret, or where to read it when an event comes; without one, events are taken unverified (`verified: null`). */
  secret?: string | (() => string | undefined);
  onEvent(event: ReceivedEvent): void;
}

/** More than any event the platform sends (email.received carries at most 256 KiB of text and HTML). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Stands in for a tenant's application on a developer's machine: answers 200 to each event whose signature holds
 * (or to every event, when no secret is given) and 401 to a forged or stale one, as the webhooks guide's handler does.
 */
export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<{ url: string; close(): Promise<void> }> {
  const secretOf = typeof options.secret === 'function' ? options.secret : () => options.secret as string | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) {
        res.writeHead(413, { connection: 'close' }).end();
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const secret = secretOf();
      const verified = secret ? verifies(new Webhook(secret), body, req.headers) : null;
      const event = parsed(body);
      options.onEvent({ type: event?.type ?? '(not JSON)', id: String(req.headers['webhook-id'] ?? ''), verified });
      res.writeHead(verified === false ? 401 : 200).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => (server.off('error', reject), resolve()));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function verifies(verifier: Webhook, body: string, headers: IncomingHttpHeaders): boolean {
  try {
    verifier.verify(body, headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

function parsed(body: string): { type?: string } | null {
  try {
    return JSON.parse(body) as { type?: string };
  } catch {
    return null;
  }
}
