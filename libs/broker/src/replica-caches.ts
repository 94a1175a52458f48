import { randomUUID } from 'node:crypto';
import type { Envelope } from '@mailplane/contracts';
import type { Broker, BrokerLogger, Listener } from './port';

const FORGET = 'cache.forget';

export interface ReplicaCacheOptions {
  /** The longest an entry is served without reading it again: the bound on staleness should a notice be lost. */
  ttlMs: number;
  max: number;
  /** Keys are `<group>/…`, and forgetting a group forgets every key under it (a scan: for caches written rarely). */
  grouped?: boolean;
}

export interface ReplicaCache<V> {
  /** The entry of `key`, or what `load` reads (kept when `keep` says so: say, only what may be served from memory). */
  get(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  /** The entry of `key` if one is held, to update in place (a field this replica alone writes, like a last use). */
  peek(key: string): V | undefined;
  /** Forgets `key` (grouped: every key under it) here and, unawaited, on every replica; call it after the change is written. */
  forget(key: string): void;
}

export interface ReplicaCaches {
  cache<V>(name: string, options: ReplicaCacheOptions): ReplicaCache<V>;
  close(): Promise<void>;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/** Caches every replica forgets together; a read begun before a forget is not kept, nor is anything served while deaf. */
export async function replicaCaches(broker: Broker, logger?: BrokerLogger, now: () => number = Date.now): Promise<ReplicaCaches> {
  const forgetters = new Map<string, (key: string | null) => void>();
  const everything = () => forgetters.forEach((forget) => forget(null));
  const listener: Listener = await broker.listen((message) => {
    const { cache, key } = message.data as { cache?: string; key?: string };
    if (message.type === FORGET && typeof cache === 'string' && typeof key === 'string') forgetters.get(cache)?.(key);
  }, everything);

  const cache = <V>(name: string, options: ReplicaCacheOptions): ReplicaCache<V> => {
    const entries = new Map<string, Entry<V>>();
    const reading = new Map<string, { forgets: number; value: Promise<V> }>();
    let forgets = 0;
    forgetters.set(name, (key) => {
      forgets++;
      if (key === null) return entries.clear();
      entries.delete(key);
      if (options.grouped) for (const held of entries.keys()) if (held.startsWith(`${key}/`)) entries.delete(held);
    });
    const held = (key: string): Entry<V> | undefined => {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now() && listener.live()) return entry;
      if (entry) entries.delete(key);
      return undefined;
    };
    return {
      async get(key, load, keep = () => true) {
        const entry = held(key);
        if (entry) return entry.value;
        // Callers that miss together share one read, unless a forget came after it began.
        const joined = reading.get(key);
        if (joined && joined.forgets === forgets) return joined.value;
        const before = forgets;
        const value = load();
        reading.set(key, { forgets: before, value });
        try {
          const read = await value;
          if (before === forgets && listener.live() && keep(read)) {
            if (entries.size >= options.max) entries.delete(entries.keys().next().value as string);
            entries.set(key, { value: read, expiresAt: now() + options.ttlMs });
          }
          return read;
        } finally {
          if (reading.get(key)?.value === value) reading.delete(key);
        }
      },
      peek: (key) => held(key)?.value,
      forget(key) {
        forgetters.get(name)?.(key);
        const notice: Envelope = {
          id: randomUUID(),
          type: FORGET,
          version: 1,
          occurredAt: new Date(now()).toISOString(),
          tenantId: null,
          correlationId: randomUUID(),
          data: { cache: name, key },
        };
        // Written already; a replica that misses this serves the old entry until its ttl ends.
        void broker.broadcast(notice).catch((err: Error) => logger?.warn('cache notice not sent', { cache: name, error: err.message }));
      },
    };
  };

  return { cache, close: () => listener.cancel() };
}

/** No cache: every read goes to the store (seeders and tools that run beside the services). */
export const uncached = <V>(): ReplicaCache<V> => ({ get: (_key, load) => load(), peek: () => undefined, forget: () => undefined });
