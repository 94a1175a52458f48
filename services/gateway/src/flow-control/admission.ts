import { AppError } from '@mailplane/contracts';
import { clientKey } from '@mailplane/edge';
import { createShares, isStrangers, type Holder } from '../domain/shares';
import { createSlots } from './slots';

/** How much one gateway process hands a service at a time, how many requests may wait, and each caller's share. */
export interface AdmissionLimits {
  maxInFlight: number;
  maxWaiting: number;
  /** A request still waiting after this long is refused; it was never forwarded. */
  maxWaitMs: number;
  /** Places of one line that requests without credentials (public routes, inbound webhooks) may hold together. */
  publicMax: number;
  /** Of those, the places one client address (an IPv6 one by its /64) may hold: no stranger takes the public share. */
  publicPerSourceMax: number;
  /** Places of one line that one tenant (or the operator) may hold. */
  perTenantMax: number;
}

/** A place in line, taken for a request whose body has arrived. */
export interface Place {
  /** Waits for one of the in-flight slots (or refuses as busy), runs `work`, then frees the slot and the place. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place up without running (a request refused after all); harmless after `run` or a second time. */
  leave(): void;
}

export const busy = (service: string) =>
  new AppError('service_busy', `The ${service} service has too many requests in hand; nothing was done.`, {
    headers: { 'Retry-After': '1' },
  });

/**
 * Admission for one service: at most `maxInFlight` forwarded, at most `maxWaiting` more waiting for a slot, and no
 * holder beyond its share of those places (nor of the slots, see `createSlots`). A place is taken only once the request's
 * body has arrived, so a client that never sends its body holds nothing here; `hasRoom` lets the headers refuse a
 * burst at once, before the body is read. Everyone refused is answered at once, so a burst costs a refusal per
 * request beyond capacity instead of a queue that outlives deadlines.
 */
export function createAdmission(service: string, limits: AdmissionLimits) {
  const capacity = limits.maxInFlight + limits.maxWaiting;
  const placesOf = (holder: Holder) => (isStrangers(holder) ? limits.publicMax : limits.perTenantMax);
  const places = createShares(placesOf);
  const bySource = createShares(() => limits.publicPerSourceMax);
  // Only strangers are counted by address: a tenant's requests are its own share's, wherever they come from.
  const sourceOf = (holder: Holder | undefined, source: string | undefined) =>
    holder !== undefined && isStrangers(holder) ? clientKey(source ?? 'unknown') : null;
  // Each holder's share of the slots is its share of the places, so it cannot fill the slots either.
  const slots = createSlots(
    limits,
    (holder) => Math.ceil((limits.maxInFlight * placesOf(holder)) / capacity),
    () => busy(service),
  );
  let placed = 0;
  const hasRoom = (holder?: Holder, source?: string) => {
    const key = sourceOf(holder, source);
    return placed < capacity && (holder === undefined || places.hasRoom(holder)) && (key === null || bySource.hasRoom(key));
  };

  return {
    /** Whether a place would be given now: to anyone, or to `holder` (from the client address `source`) within its share. */
    hasRoom,
    /** A place for one of `holder`'s requests from `source`, or null when the line or the holder's (or source's) share is full. */
    admit(holder: Holder, source?: string): Place | null {
      const key = sourceOf(holder, source);
      const own = key === null ? () => undefined : bySource.take(key);
      const place = own && hasRoom() ? places.take(holder) : null;
      if (!own || !place) return (own?.(), null);
      placed++;
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        placed--;
        place();
        own();
      };
      return {
        leave,
        async run(work) {
          let free: () => void;
          try {
            free = await slots.take(holder);
          } catch (err) {
            leave();
            throw err;
          }
          try {
            return await work();
          } finally {
            free();
            leave();
          }
        },
      };
    },
    load: () => ({ placed, ...slots.load() }),
  };
}
export type Admission = ReturnType<typeof createAdmission>;
