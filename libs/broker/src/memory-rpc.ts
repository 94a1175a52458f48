import { randomUUID } from 'node:crypto';
import { withTraceHeaders } from '@mailplane/telemetry';
import { MemoryQueue, type QueueConsumer } from './memory-queue';
import { RpcRemoteError, RpcReplyLostError, RpcTimeoutError, type RpcHandler, type RpcOptions, type Subscription } from './port';
import { errorFields } from './delivery-policy';
import { serveSpan } from './traced';

type Reply = { ok: true; body: string } | { ok: false; error: string; code?: string };

interface Call {
  body: string;
  correlationId: string;
  deadline: number;
  headers: Record<string, string>;
  reply(reply: Reply): void;
}

/** Request/reply for the memory adapter; bodies cross as JSON text, like on the wire. */
export class MemoryRpc {
  private readonly queues = new Map<string, MemoryQueue<Call>>();
  private readonly pending = new Set<(err: Error) => void>();

  request(queue: string, payload: unknown, options: RpcOptions): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const fail = (err: Error) => {
        clearTimeout(timer);
        this.pending.delete(fail);
        reject(err);
      };
      const timer = setTimeout(() => fail(new RpcTimeoutError(queue, options.timeoutMs)), options.timeoutMs);
      this.pending.add(fail);
      this.queue(queue).push({
        body: JSON.stringify(payload ?? null),
        correlationId: options.correlationId ?? randomUUID(),
        deadline: Date.now() + (options.deadlineMs ?? options.timeoutMs),
        headers: withTraceHeaders({}),
        reply: (reply) => {
          if (!this.pending.has(fail)) return;
          clearTimeout(timer);
          this.pending.delete(fail);
          if (reply.ok) resolve(JSON.parse(reply.body));
          else reject(new RpcRemoteError(queue, reply.error, reply.code));
        },
      });
    });
  }

  serve(queue: string, handler: RpcHandler, prefetch: number): Subscription {
    const target = this.queue(queue);
    const consumer: QueueConsumer<Call> = {
      prefetch,
      inFlight: new Set(),
      deliver: (call) => queueMicrotask(() => void answer(call)),
    };
    const answer = async (call: Call) => {
      if (Date.now() > call.deadline) return void target.settle(consumer, call);
      let reply: Reply;
      try {
        const meta = { correlationId: call.correlationId, deadline: call.deadline };
        const result = await serveSpan(queue, call.headers, () => handler(JSON.parse(call.body), meta));
        reply = { ok: true, body: JSON.stringify(result ?? null) };
      } catch (err) {
        reply = { ok: false, ...errorFields(err) };
      }
      if (target.settle(consumer, call)) call.reply(reply);
    };
    target.addConsumer(consumer);
    return {
      cancel: async () => target.requeue(target.removeConsumer(consumer)),
    };
  }

  close(): void {
    for (const fail of [...this.pending]) fail(new RpcReplyLostError('broker closed before the reply came'));
  }

  private queue(name: string): MemoryQueue<Call> {
    let queue = this.queues.get(name);
    if (!queue) this.queues.set(name, (queue = new MemoryQueue<Call>()));
    return queue;
  }
}
