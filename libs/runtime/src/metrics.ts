import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export { Registry as MetricsRegistry } from 'prom-client';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** One registry per process; service series carry a `service` label, so the embedded platform's one /metrics tells them apart. */
export function createMetricsRegistry(options: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  return registry;
}

interface Spec<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

// Two services in one process may ask for the same family (broker state, RPC): the first one registers it.
function existing<T>(registry: Registry, name: string): T | undefined {
  return registry.getSingleMetric(name) as T | undefined;
}

export function counter<L extends string>(registry: Registry, spec: Spec<L>): Counter<L> {
  return existing(registry, spec.name) ?? new Counter({ ...spec, labelNames: [...spec.labelNames], registers: [registry] });
}

export function histogram<L extends string>(registry: Registry, spec: Spec<L> & { buckets: number[] }): Histogram<L> {
  return existing(registry, spec.name) ?? new Histogram({ ...spec, labelNames: [...spec.labelNames], registers: [registry] });
}

type Reading<L extends string> = Array<{ labels: Partial<Record<L, string>>; value: number }>;
const readers = new WeakMap<Registry, Map<string, Map<string, () => Promise<Reading<string>>>>>();

/** A gauge each service reads its share of at scrape time; a reader that throws leaves only its own series out. */
export function gaugeReadAtScrape<L extends string>(
  registry: Registry,
  spec: Spec<L>,
  service: string,
  read: () => Promise<Reading<L>> | Reading<L>,
): void {
  let byName = readers.get(registry);
  if (!byName) readers.set(registry, (byName = new Map()));
  let byService = byName.get(spec.name);
  if (!byService) {
    const sources = (byService = new Map());
    byName.set(spec.name, sources);
    new Gauge({
      name: spec.name,
      help: spec.help,
      labelNames: ['service', ...spec.labelNames],
      registers: [registry],
      async collect() {
        this.reset();
        const all = await Promise.all([...sources].map(async ([s, r]) => [s, await r().catch(() => [])] as const));
        for (const [s, reading] of all) for (const { labels, value } of reading) this.set({ ...labels, service: s }, value);
      },
    });
  }
  byService.set(service, async () => read());
}
