import type { Envelope } from '@mailplane/contracts';
import { newId } from './ids';

/**
 * A new message for the broker: an event (`evt_` id, the `webhook-id` of its deliveries) or a work item
 * (`wrk_` id), version 1, stamped with `at`.
 */
export function newEnvelope<T>(
  kind: 'event' | 'work',
  type: string,
  at: Date,
  fields: { tenantId: string | null; correlationId: string; data: T },
): Envelope<T> {
  return { id: newId(kind === 'event' ? 'evt' : 'wrk', at.getTime()), type, version: 1, occurredAt: at.toISOString(), ...fields };
}
