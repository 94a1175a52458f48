import type { MonthlyUsage } from '@mailplane/contracts';
import { monthlyUsage, monthOf } from '../limits';
import type { MailDeps } from '../deps';
import type { InboundConfig } from '../../inbound-config';

const DAY_MS = 24 * 3600 * 1000;
const counterOf = (at: Date) => ({ name: 'inbound', period: monthOf(at).key }) as const;
const config = (deps: MailDeps) => deps.config.inbound as InboundConfig;

async function monthlyLimit(deps: MailDeps, tenantId: string): Promise<number> {
  const plan = (await deps.entitlements.byTenant(tenantId))?.plan;
  return (plan === undefined ? undefined : config(deps).monthlyLimitByPlan[plan]) ?? config(deps).monthlyLimit;
}

export async function inboundUsage(deps: MailDeps, tenantId: string): Promise<{ used: number; limit: number }> {
  return { used: await deps.counters.read(tenantId, counterOf(deps.clock.now())), limit: await monthlyLimit(deps, tenantId) };
}

export async function usageWithInbound(deps: MailDeps, tenantId: string): Promise<MonthlyUsage> {
  const sending = await monthlyUsage(deps, tenantId);
  return deps.config.inbound ? { ...sending, inbound: await inboundUsage(deps, tenantId) } : sending;
}

/** At RCPT: whether one more message fits (a read; the count is taken at DATA). */
export async function roomForOneMore(deps: MailDeps, tenantId: string): Promise<boolean> {
  const { used, limit } = await inboundUsage(deps, tenantId);
  return used < limit;
}

/** At DATA: counts `n` messages all or none, atomically across replicas; returns the give-back, or null over the limit. */
export async function takeInbound(deps: MailDeps, tenantId: string, n: number): Promise<(() => Promise<void>) | null> {
  const now = deps.clock.now();
  const counter = counterOf(now);
  const expires = new Date(now.getTime() + 62 * DAY_MS);
  if ((await deps.counters.take(tenantId, counter, await monthlyLimit(deps, tenantId), expires, n)) === null) return null;
  return () => deps.counters.giveBack(tenantId, counter, n);
}

function clientCounter(deps: MailDeps, name: 'inbound-client' | 'inbound-client-bytes', windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(deps.clock.now().getTime() / windowMs) * windowMs;
  return { counter: { name, period: String(start) }, expires: new Date(start + 2 * windowMs) };
}
const clientOf = (clientAddress: string) => `client:${clientAddress}`;

/** Across every replica: `bytes` once this window's bytes with the declared SIZE pass the limit; else takes one transaction. */
export async function admitClientTransaction(
  deps: MailDeps,
  clientAddress: string,
  declaredBytes: number,
): Promise<'admitted' | 'bytes' | 'messages'> {
  const { limit, windowSeconds, bytes } = config(deps).rateLimit;
  const sent = await deps.counters.read(clientOf(clientAddress), clientCounter(deps, 'inbound-client-bytes', bytes.windowSeconds).counter);
  if (sent >= bytes.limit || (sent > 0 && sent + declaredBytes > bytes.limit)) return 'bytes';
  const { counter, expires } = clientCounter(deps, 'inbound-client', windowSeconds);
  return (await deps.counters.take(clientOf(clientAddress), counter, limit, expires)) === null ? 'messages' : 'admitted';
}

/** Counts the bytes of a message a client address sent, whatever the outcome: reading it was the work. */
export async function countClientBytes(deps: MailDeps, clientAddress: string, n: number): Promise<void> {
  const { counter, expires } = clientCounter(deps, 'inbound-client-bytes', config(deps).rateLimit.bytes.windowSeconds);
  await deps.counters.take(clientOf(clientAddress), counter, Number.MAX_SAFE_INTEGER, expires, n);
}
