// The accept baseline: express storing each body with one durable insert (the platform's SQLite engine, or its PostgreSQL
// adapter given a URL), answering 202. `npx tsx bench/accept-baseline-server.ts <data dir> [postgres://…]`
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createStore } from '@mailplane/store';

async function main() {
  const dir = process.argv[2];
  const postgresUrl = process.argv[3];
  if (!dir) throw new Error('usage: accept-baseline-server.ts <data dir> [postgres://…]');
  const store = await createStore(postgresUrl ? { postgresUrl, schema: 'baseline' } : { dir });
  const messages = store.collection<{ _id: string; createdAt: Date } & Record<string, unknown>>('messages');
  const app = express();
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.post('/emails', express.json({ limit: '15mb' }), async (req, res) => {
    const createdAt = new Date();
    const _id = randomUUID();
    await messages.insertOne({ ...(req.body as Record<string, unknown>), _id, status: 'queued', createdAt });
    res.status(202).json({ id: _id, status: 'queued', createdAt: createdAt.toISOString() });
  });
  const server = app.listen(0, '127.0.0.1', 4096, () => {
    process.stdout.write(`baseline listening at http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void store.close().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
