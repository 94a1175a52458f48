/** When each tenant was last narrowed from this replica; bounded, so no number of tenants grows it past `max`. */
export function createNarrowing(everyMs = 60_000, max = 10_000) {
  const last = new Map<string, number>();
  return {
    due(tenantId: string, now: number): boolean {
      const at = last.get(tenantId);
      if (at !== undefined && now - at < everyMs) return false;
      last.delete(tenantId);
      if (last.size >= max) last.delete(last.keys().next().value as string);
      last.set(tenantId, now);
      return true;
    },
  };
}
export type Narrowing = ReturnType<typeof createNarrowing>;
