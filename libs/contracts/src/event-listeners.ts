/**
 * Internal operations on `rpc.mail`, never routed by the gateway: the webhooks service tells mail which event types a
 * tenant's enabled endpoints listen for, so that mail publishes only those (docs/decisions/event-listeners.md).
 * Widen adds types before an endpoint that listens for them is stored; narrow replaces them all, after the fact.
 */
export const WIDEN_LISTENERS_OPERATION = 'widenEventListeners';
export const NARROW_LISTENERS_OPERATION = 'narrowEventListeners';

/** Body of both: widen's types to add; narrow's every type the tenant's enabled endpoints listen for (`*`: all). */
export interface EventListeners {
  eventTypes: string[];
}

/** Narrow's answer: false when mail kept the wider set (a widen came too recently to be sure it is stored). */
export interface NarrowedListeners {
  applied: boolean;
}
