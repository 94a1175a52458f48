import type { Envelope } from '@mailplane/contracts';
import { newId } from './ids';

/** A new version-1 broker message stamped `at`: an event (`evt_` id, its deliveries' `webhook-id`) or a work item (`wrk_`). */
export function newEnvelope<T>(
  kind: 'event' | 'work',
  type: string,
  at: Date,
  fields: { tenantId: string | null; correlationId: string; data: T },
): Envelope<T> {
  return { id: newId(kind === 'event' ? 'evt' : 'wrk', at.getTime()), type, version: 1, occurredAt: at.toISOString(), ...fields };
}
