/** The one shape of every message on the broker (events and work items alike). */
export interface Envelope<T = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  tenantId: string | null;
  correlationId: string;
  data: T;
}
