import { newEnvelope } from '@mailplane/runtime';
import type { EndpointRecord } from '../data-access/endpoints-repo';
import type { PostResult } from '../data-access/http-target';
import type { WebhooksDeps } from './deps';

/** Failed attempts in a row after which an endpoint is paused and probed one attempt at a time. */
export const FAILURES_BEFORE_PAUSE = 3;
// A probe holds the endpoint for as long as its attempt may take, and a little more to record it.
const PROBE_MARGIN_MS = 5_000;

/**
 * Null when a delivery may be attempted now. After a pause the first to ask probes the endpoint; the others look again
 * after the shortest pause, so a probe that succeeds at once does not keep them waiting as long as a probe may take.
 */
export async function endpointPause(deps: WebhooksDeps, endpoint: EndpointRecord, now: Date): Promise<Date | null> {
  if ((endpoint.failures ?? 0) < FAILURES_BEFORE_PAUSE) return null;
  const soon = new Date(now.getTime() + deps.config.endpointPausesMs[0]);
  const probing = (until: Date) => (until < soon ? until : soon);
  if (endpoint.pausedUntil && endpoint.pausedUntil > now) return endpoint.probing ? probing(endpoint.pausedUntil) : endpoint.pausedUntil;
  const probeEnds = new Date(now.getTime() + deps.config.timeoutMs + PROBE_MARGIN_MS);
  return (await deps.endpoints.holdProbe(endpoint, probeEnds)) ? null : probing(probeEnds);
}

/** What one attempt says of its endpoint: a success ends its failures, a 410 or days of failures disable it. */
export async function recordAttempt(deps: WebhooksDeps, endpoint: EndpointRecord, result: PostResult, at: Date): Promise<void> {
  if (result.outcome === 'delivered') {
    if (endpoint.failures || endpoint.pausedUntil) await deps.endpoints.recordSuccess(endpoint);
    return;
  }
  if (result.outcome === 'gone') return disableEndpoint(deps, endpoint, 'gone', at);
  for (let current: EndpointRecord | null = endpoint; current; current = await deps.endpoints.byId(endpoint.tenantId, endpoint._id)) {
    const failures = (current.failures ?? 0) + 1;
    const failingSince = current.failingSince ?? at;
    const pausedUntil = failures >= FAILURES_BEFORE_PAUSE ? new Date(at.getTime() + pauseMs(deps, failures)) : null;
    if (!(await deps.endpoints.recordFailure(current, { failures, failingSince, pausedUntil, probing: false }))) continue;
    if (at.getTime() - failingSince.getTime() >= deps.config.disableAfterMs)
      await disableEndpoint(deps, { ...current, failingSince }, 'failing', at);
    return;
  }
}

const pauseMs = (deps: WebhooksDeps, failures: number) => {
  const pauses = deps.config.endpointPausesMs;
  return pauses[Math.min(failures - FAILURES_BEFORE_PAUSE, pauses.length - 1)];
};

/** The sweeper publishes `endpoint.disabled` if this process dies first; pending deliveries are cancelled when next up. */
async function disableEndpoint(deps: WebhooksDeps, endpoint: EndpointRecord, reason: 'gone' | 'failing', at: Date): Promise<void> {
  const event = newEnvelope('event', 'endpoint.disabled', at, {
    tenantId: endpoint.tenantId,
    correlationId: endpoint._id,
    data: {
      endpointId: endpoint._id,
      url: endpoint.url,
      reason,
      failingSince: endpoint.failingSince?.toISOString() ?? null,
      disabledAt: at.toISOString(),
    },
  });
  const written = await deps.endpoints.disableWith(endpoint, event, at);
  if (!written) return;
  deps.logger.warn('webhook endpoint disabled', { tenantId: endpoint.tenantId, endpointId: endpoint._id, reason });
  await deps.endpoints
    .announce(written, (e) => deps.broker.publish(e))
    .catch((err) => deps.logger.warn('endpoint.disabled stored, not yet published', { err }));
}
