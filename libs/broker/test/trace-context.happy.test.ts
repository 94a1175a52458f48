import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { inSpan, startExporting, type Telemetry } from '@mailplane/telemetry';
import { ack, createAmqpBroker, createMemoryBroker, type Broker } from '../src';
import { envelope, unique } from './helpers';

// The SDK's exporter seam, played by the test: the spans this process ends, and who waits for one of them.
const spans: ReadableSpan[] = [];
const waiting = new Set<() => void>();
const exporter: SpanExporter = {
  export(batch, done) {
    spans.push(...batch);
    waiting.forEach((check) => check());
    done({ code: 0 });
  },
  shutdown: async () => undefined,
};
const spanNamed = (name: string) =>
  new Promise<ReadableSpan>((resolve) => {
    const check = () => {
      const found = spans.find((s) => s.name === name);
      if (!found) return;
      waiting.delete(check);
      resolve(found);
    };
    waiting.add(check);
    check();
  });

let telemetry: Telemetry;
beforeAll(async () => {
  // The SDK's own batching variable: spans leave at once, so the test waits on their arrival.
  process.env.OTEL_BSP_SCHEDULE_DELAY = '10';
  telemetry = await startExporting(exporter, 'broker-test');
});
afterAll(() => telemetry.stop());

const adapters: [string, () => Promise<Broker>][] = [['memory', async () => createMemoryBroker()]];
if (process.env.AMQP_URL) adapters.push(['amqp', () => createAmqpBroker({ url: process.env.AMQP_URL! })]);

describe.each(adapters)('trace context on the %s broker', (_name, create) => {
  let broker: Broker;
  beforeAll(async () => (broker = await create()));
  afterAll(() => broker.close());

  it('when a work item is sent within a span, then its consumer span is a child of it, in its trace', async () => {
    const queue = unique('traced');
    const heard = new Promise<Record<string, string>>((resolve) =>
      broker.consume(queue, async (_m, delivery) => (resolve(delivery.headers), ack()), { prefetch: 1 }),
    );
    const sender = unique('sender');
    await inSpan(sender, {}, () => broker.send(queue, envelope('test.traced')));
    const parent = (await spanNamed(sender)).spanContext();
    expect((await heard).traceparent).toBe(`00-${parent.traceId}-${parent.spanId}-01`);
    const child = await spanNamed(`process ${queue}`);
    expect(child.spanContext().traceId).toBe(parent.traceId);
    expect(child.parentSpanContext?.spanId).toBe(parent.spanId);
    expect(child.attributes).toMatchObject({
      'messaging.destination.name': queue,
      'mailplane.tenant_id': 'ten_test',
      'mailplane.outcome': 'ack',
    });
  });

  it('when an RPC is made within a span, then the server span continues its trace; one made outside any is not traced', async () => {
    const queue = unique('rpc');
    await broker.serve(queue, async (request) => request);
    await broker.request(queue, 'untraced', { timeoutMs: 5000 });
    const caller = unique('caller');
    await inSpan(caller, {}, () => broker.request(queue, 'traced', { timeoutMs: 5000 }));
    const [parent, client, server] = await Promise.all([spanNamed(caller), spanNamed(`request ${queue}`), spanNamed(`serve ${queue}`)]);
    expect(client.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(server.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(spans.filter((s) => s.name === `serve ${queue}`)).toHaveLength(1);
  });
});
