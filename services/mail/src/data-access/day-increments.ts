import type { Collection, Doc } from '@mailplane/store';

const FLUSH_AFTER_MS = 200;

/** Gathered for FLUSH_AFTER_MS, one upsert per document; a crash loses them, and `onLost` hears of a failed write. */
export function dayIncrements<T extends Doc>(
  collection: Collection<T>,
  onLost: (err: unknown) => void,
  onFlushed: (written: Omit<T, '_id'>[]) => void = () => undefined,
) {
  let pending = new Map<string, { fixed: Omit<T, '_id'>; counts: Record<string, number> }>();
  let timer: NodeJS.Timeout | null = null;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = new Map();
    if (batch.size === 0) return;
    await Promise.all(
      [...batch].map(([_id, { fixed, counts }]) =>
        collection.updateOne({ _id }, { $inc: counts, $setOnInsert: { _id, ...fixed } }, { upsert: true }),
      ),
    );
    onFlushed([...batch.values()].map((b) => b.fixed));
  }

  return {
    add(_id: string, fixed: Omit<T, '_id'>, counts: Record<string, number>): void {
      const entry = pending.get(_id) ?? { fixed, counts: {} };
      for (const [name, n] of Object.entries(counts)) if (n > 0) entry.counts[name] = (entry.counts[name] ?? 0) + n;
      pending.set(_id, entry);
      timer ??= setTimeout(() => flush().catch(onLost), FLUSH_AFTER_MS).unref();
    },
    flush,
  };
}
