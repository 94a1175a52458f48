import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryBroker, type Broker } from '@mailplane/broker';
import { createLogger, type Clock } from '@mailplane/runtime';
import { createBlobStore, createStore, type BlobStore, type Store } from '@mailplane/store';
import { removeDir } from '../../../../test/support/platform';
import { mailConfig } from '../../src/config';
import { startMail, type MailService } from '../../src/service';

type Line = Record<string, unknown> & { msg: string };

const required = {
  // No message of these tests reaches an MTA: nothing listens here.
  SMTP_URL: 'smtp://127.0.0.1:9',
  DKIM_KEY_SECRET: 'replicas-dkim-key-secret-0123456789abcdef',
  PUBLIC_URL: 'http://localhost:3000',
  UNSUBSCRIBE_SECRET: 'replicas-unsubscribe-secret-0123456789abcdef',
  TRACKING_SECRET: 'replicas-tracking-secret-0123456789abcdefgh',
  DELIVERY_THREADS: '0',
};

export interface MailReplica {
  mail: MailService;
  /** The store every replica shares. */
  store: Store;
  bodies: BlobStore;
  stop(): Promise<void>;
}

/**
 * Mail replicas over one in-process broker and one store (and blob store), each its own lease holder, logging into
 * `lines`, as a cluster sharing a store and a broker; `replica()` starts one more. One connection for all: two SQLite
 * connections in one process lock each other out when one closes while the other writes.
 */
export async function mailCluster(env: Record<string, string> = {}, clock?: Clock) {
  const dir = mkdtempSync(path.join(tmpdir(), 'mail-replicas-'));
  const broker: Broker = createMemoryBroker();
  const raw: string[] = [];
  const logger = createLogger({ level: 'info', write: (line) => raw.push(line) });
  const running = new Set<MailReplica>();
  const config = mailConfig({ ...required, ...env });
  const [store, bodies] = [await createStore({ dir }), await createBlobStore({ dir }, 'bodies')];
  return {
    dir,
    broker,
    /** The lines logged so far with this message. */
    lines: (msg: string) => raw.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === msg),
    async replica(): Promise<MailReplica> {
      const mail = await startMail({ config, broker, store, bodies, logger, ...(clock ? { clock } : {}) });
      const replica = {
        mail,
        store,
        bodies,
        async stop() {
          if (!running.delete(replica)) return;
          await mail.stop();
        },
      };
      running.add(replica);
      return replica;
    },
    async stop() {
      for (const replica of [...running]) await replica.stop();
      await broker.close();
      await bodies.close();
      await store.close();
      removeDir(dir);
    },
  };
}
export type MailCluster = Awaited<ReturnType<typeof mailCluster>>;
