import { ack } from '@mailplane/broker';
import type { Envelope } from '@mailplane/contracts';
import type { TestPlatform } from './platform';

/** Everything the platform publishes on `bindings` from now on, as a subscriber of the broker sees it. */
export async function collectEvents(platform: TestPlatform, bindings: string[]) {
  const seen: Envelope[] = [];
  const sub = await platform.gateway.deps.broker.consume(
    `test.events.${Date.now()}.${Math.random().toString(36).slice(2, 8)}`,
    async (event) => {
      seen.push(event);
      return ack();
    },
    { prefetch: 10, bindings },
  );
  return {
    seen,
    /** The events about one message, in the order they were published. */
    about: (messageId: string) => seen.filter((e) => (e.data as { messageId?: string }).messageId === messageId),
    stop: () => sub.cancel(),
  };
}

export type CollectedEvents = Awaited<ReturnType<typeof collectEvents>>;

/**
 * collectEvents for the tests of the enclosing block: from before the first (once the platform declared above it has
 * started) to after the last. Its fields are set then, so tests read them there, not when declared.
 */
export function sharedEvents(platform: TestPlatform, bindings: string[]): CollectedEvents {
  const events = {} as CollectedEvents;
  beforeAll(async () => {
    Object.assign(events, await collectEvents(platform, bindings));
  });
  afterAll(() => events.stop?.());
  return events;
}
