import { AppError } from '@mailplane/contracts';
import { clientKey } from '@mailplane/edge';
import { createShares, isStrangers, type Holder } from '../domain/shares';
import { createSlots } from './slots';

export interface AdmissionLimits {
  maxInFlight: number;
  maxWaiting: number;
  /** A request still waiting after this long is refused; it was never forwarded. */
  maxWaitMs: number;
  /** Places of one line that requests without credentials (public routes, inbound webhooks) may hold together. */
  publicMax: number;
  /** Of those, what one client address (an IPv6 one by its /64) may hold. */
  publicPerSourceMax: number;
  perTenantMax: number;
}

export interface Place {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Harmless after `run` or a second time. */
  leave(): void;
}

export const busy = (service: string) =>
  new AppError('service_busy', `The ${service} service has too many requests in hand; nothing was done.`, {
    headers: { 'Retry-After': '1' },
  });

/** Refusals are immediate: a burst costs a refusal per request beyond capacity, not a queue that outlives deadlines. */
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
    hasRoom,
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
