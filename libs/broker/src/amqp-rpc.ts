import { randomUUID } from 'node:crypto';
import type { Channel, ConsumeMessage } from 'amqplib';
import { withTraceHeaders } from '@mailplane/telemetry';
import type { AmqpConnection, Session } from './amqp-connection';
import { declareOnce } from './amqp-publish';
import { assertRpcQueue, RPC_CORRELATION_HEADER, RPC_DEADLINE_HEADER } from './amqp-topology';
import { errorFields } from './delivery-policy';
import {
  BrokerUnavailableError,
  RpcRemoteError,
  RpcReplyLostError,
  RpcTimeoutError,
  type BrokerLogger,
  type RpcHandler,
  type RpcOptions,
} from './port';
import { serveSpan } from './traced';

const REPLY_TO = 'amq.rabbitmq.reply-to';

type Reply = { ok: true; result: unknown } | { ok: false; error: string; code?: string };

interface Pending {
  queue: string;
  /** Handed to the broker: from then on a lost connection leaves the outcome unknown. */
  sent: boolean;
  settle(reply: Reply | Error): void;
}

/** Requests over direct reply-to: one reply channel per connection, replies matched by a per-request id. */
export class RpcClient {
  private readonly pending = new Map<string, Pending>();
  private readonly replyChannels = new WeakMap<Session, Promise<Channel>>();

  constructor(
    private readonly connection: AmqpConnection,
    private readonly unavailableTimeoutMs: number,
  ) {
    connection.onDown((err) => this.failAll(err));
  }

  request(queue: string, payload: unknown, options: RpcOptions): Promise<unknown> {
    // Our own id matches the reply; the caller's correlation id (shared by a whole HTTP request) travels as a header.
    const id = randomUUID();
    const deadline = Date.now() + (options.deadlineMs ?? options.timeoutMs);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.pending.get(id)?.settle(new RpcTimeoutError(queue, options.timeoutMs)), options.timeoutMs);
      this.pending.set(id, {
        queue,
        sent: false,
        settle: (reply) => {
          if (!this.pending.delete(id)) return;
          clearTimeout(timer);
          if (reply instanceof Error) reject(reply);
          else if (reply.ok) resolve(reply.result);
          else reject(new RpcRemoteError(queue, reply.error, reply.code));
        },
      });
      const headers = withTraceHeaders({ [RPC_CORRELATION_HEADER]: options.correlationId ?? id, [RPC_DEADLINE_HEADER]: deadline });
      this.send(queue, id, Buffer.from(JSON.stringify(payload ?? null)), deadline, headers).catch((err: Error) =>
        this.pending.get(id)?.settle(err),
      );
    });
  }

  failAll(err: Error): void {
    for (const pending of [...this.pending.values()]) pending.settle(pending.sent ? new RpcReplyLostError(err.message) : err);
  }

  private async send(queue: string, id: string, body: Buffer, deadline: number, headers: Record<string, unknown>): Promise<void> {
    const session = await this.connection.ready(Math.min(this.unavailableTimeoutMs, deadline - Date.now()));
    const channel = await this.replyChannel(session);
    await declareOnce(session, `rpc:${queue}`, async () => void (await assertRpcQueue(channel, queue)));
    const expiration = String(Math.max(1, deadline - Date.now()));
    channel.publish('', queue, body, { correlationId: id, replyTo: REPLY_TO, expiration, headers, contentType: 'application/json' });
    const pending = this.pending.get(id);
    if (pending) pending.sent = true;
  }

  private replyChannel(session: Session): Promise<Channel> {
    let channel = this.replyChannels.get(session);
    if (!channel) {
      channel = this.openReplyChannel(session);
      this.replyChannels.set(session, channel);
    }
    return channel;
  }

  private async openReplyChannel(session: Session): Promise<Channel> {
    try {
      const channel = await session.connection.createChannel();
      channel.on('error', () => undefined);
      // A reply channel that dies on a live connection takes its pending replies with it.
      channel.on('close', () => {
        this.replyChannels.delete(session);
        if (!session.lost) this.failAll(new BrokerUnavailableError('reply channel closed'));
      });
      await channel.consume(REPLY_TO, (message) => message && this.onReply(message), { noAck: true });
      return channel;
    } catch (err) {
      this.replyChannels.delete(session);
      throw err;
    }
  }

  private onReply(message: ConsumeMessage): void {
    const pending = this.pending.get(message.properties.correlationId);
    if (!pending) return; // late reply for a request that already timed out
    try {
      pending.settle(JSON.parse(message.content.toString('utf8')) as Reply);
    } catch {
      pending.settle(new RpcRemoteError(pending.queue, 'unreadable reply'));
    }
  }
}

export function rpcServerHandler(queue: string, handler: RpcHandler, logger?: BrokerLogger) {
  return async (channel: Channel, message: ConsumeMessage): Promise<void> => {
    const { replyTo, correlationId: id, headers = {} } = message.properties;
    const deadline = Number(headers[RPC_DEADLINE_HEADER]) || Number.MAX_SAFE_INTEGER;
    let reply: Buffer | undefined;
    if (replyTo && Date.now() <= deadline) {
      try {
        const request = JSON.parse(message.content.toString('utf8'));
        const correlationId = String(headers[RPC_CORRELATION_HEADER] ?? id ?? '');
        const result = await serveSpan(queue, headers, () => handler(request, { correlationId, deadline }));
        reply = encode({ ok: true, result: result ?? null });
      } catch (err) {
        reply = encode({ ok: false, ...errorFields(err) });
      }
    }
    try {
      if (reply) channel.sendToQueue(replyTo, reply, { correlationId: id, contentType: 'application/json' });
      channel.ack(message);
    } catch (err) {
      logger?.warn('could not answer rpc request', { queue, ...errorFields(err) });
    }
  };
}

const encode = (reply: Reply) => Buffer.from(JSON.stringify(reply));
