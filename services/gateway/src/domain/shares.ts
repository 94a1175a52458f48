/** A tenant id, `operator` (the admin surface), `sign-in` (members' sign-in flows) or `public` (other uncredentialed requests). */
export type Holder = string;
export const PUBLIC: Holder = 'public';
export const SIGN_IN: Holder = 'sign-in';
export const OPERATOR: Holder = 'operator';

/** Holders of requests from strangers: within their share, each client address has a share of its own. */
export const isStrangers = (holder: Holder) => holder === PUBLIC || holder === SIGN_IN;

/** Up to a maximum per holder, so one caller's requests can never take what the others need. */
export function createShares(maxOf: (holder: Holder) => number) {
  const held = new Map<Holder, number>();
  return {
    hasRoom: (holder: Holder) => (held.get(holder) ?? 0) < maxOf(holder),
    /** Null at the maximum; the function returned gives it back, only once. */
    take(holder: Holder): (() => void) | null {
      const count = held.get(holder) ?? 0;
      if (count >= maxOf(holder)) return null;
      held.set(holder, count + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (held.get(holder) ?? 1) - 1;
        if (left > 0) held.set(holder, left);
        else held.delete(holder);
      };
    },
    of: (holder: Holder) => held.get(holder) ?? 0,
  };
}
export type Shares = ReturnType<typeof createShares>;
