/**
 * The accept baseline: a plain express handler that stores each POSTed JSON body with one durable insert into
 * the platform's embedded engine (`createStore({ dir })`: SQLite, WAL, the same pragmas and codec), or into
 * PostgreSQL when given a database URL (the platform's adapter, a pool of the platform's default size), and
 * answers 202. Started as a process of its own by the accept bench, like the platform; prints its URL once listening.
 * `npx tsx bench/accept-baseline-server.ts <data dir> [postgres://…]`
 */
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
