/** A consumer of an in-process queue: at most `prefetch` items handed out and not yet settled. */
export interface QueueConsumer<T> {
  prefetch: number;
  inFlight: Set<T>;
  deliver(item: T): void;
}

/** FIFO queue with round-robin dispatch to consumers that still have prefetch room. */
export class MemoryQueue<T> {
  private readonly ready: T[] = [];
  private readonly consumers: QueueConsumer<T>[] = [];
  private cursor = 0;

  push(item: T): void {
    this.ready.push(item);
    this.dispatch();
  }

  /** Puts items back at the head, in their original order, as RabbitMQ does on requeue. */
  requeue(items: T[]): void {
    this.ready.unshift(...items);
    this.dispatch();
  }

  snapshot(): readonly T[] {
    return [...this.ready];
  }

  addConsumer(consumer: QueueConsumer<T>): void {
    this.consumers.push(consumer);
    this.dispatch();
  }

  removeConsumer(consumer: QueueConsumer<T>): T[] {
    const index = this.consumers.indexOf(consumer);
    if (index >= 0) this.consumers.splice(index, 1);
    const held = [...consumer.inFlight];
    consumer.inFlight.clear();
    return held;
  }

  /** Marks an item done; false when the consumer no longer held it (cancelled meanwhile). */
  settle(consumer: QueueConsumer<T>, item: T): boolean {
    const held = consumer.inFlight.delete(item);
    this.dispatch();
    return held;
  }

  private dispatch(): void {
    while (this.ready.length > 0) {
      const consumer = this.nextWithRoom();
      if (!consumer) return;
      const item = this.ready.shift() as T;
      consumer.inFlight.add(item);
      consumer.deliver(item);
    }
  }

  private nextWithRoom(): QueueConsumer<T> | undefined {
    for (let i = 0; i < this.consumers.length; i++) {
      const consumer = this.consumers[(this.cursor + i) % this.consumers.length];
      if (consumer.inFlight.size < consumer.prefetch) {
        this.cursor = (this.cursor + i + 1) % this.consumers.length;
        return consumer;
      }
    }
    return undefined;
  }
}
