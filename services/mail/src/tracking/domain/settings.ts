import { AppError, type SendEmailRequest } from '@mailplane/contracts';
import type { IdentityRecord } from '../../data-access/identities-repo';
import type { MessageRecord } from '../../data-access/messages-repo';
import type { HtmlTracking } from '../rewrite-html';
import type { TrackingConfig } from '../../config';
import { messageKey, messageRef } from '../tokens';
import type { MailDeps } from '../../domain/deps';

/** What a message tracks, and the origin of its tracked links; decided when it is accepted, so retries carry the same links. */
export interface MessageTracking {
  opens: boolean;
  clicks: boolean;
  /** `https://track.example.com`, without a trailing slash. */
  baseUrl: string;
}

/** The identity's tracking domain once its CNAME was found, else the platform's default (none in the distributed mode without TRACKING_URL). */
export function trackingBase(deps: Pick<MailDeps, 'config'>, identity: IdentityRecord): string | null {
  const verified = identity.dnsRecords.some((r) => r.purpose === 'tracking' && r.status === 'found');
  if (identity.trackingDomain && verified) return `${deps.config.tracking.scheme}://${identity.trackingDomain}`;
  return deps.config.tracking.defaultUrl;
}

/** The send's own choice for each of opens and clicks, else the identity's; both off unless someone turned them on. */
export function trackingFor(
  deps: Pick<MailDeps, 'config'>,
  identity: IdentityRecord,
  input: SendEmailRequest,
  at: string,
): MessageTracking | null {
  const opens = input.tracking?.opens ?? identity.tracking?.opens ?? false;
  const clicks = input.tracking?.clicks ?? identity.tracking?.clicks ?? false;
  if (!opens && !clicks) return null;
  const baseUrl = trackingBase(deps, identity);
  if (!baseUrl) {
    const detail = `Tracking needs a verified tracking domain on the identity for ${identity.domain}: set one, publish its CNAME and verify.`;
    throw new AppError('tracking_domain_unverified', detail, { extra: { errors: [{ path: `${at}/tracking`, message: detail }] } });
  }
  return { opens, clicks, baseUrl };
}

/** What the renderer needs to track this message's HTML, with a key that signs for this message only. */
export function htmlTrackingOf(config: Pick<TrackingConfig, 'secret' | 'linkTtlMs'>, message: MessageRecord): HtmlTracking | undefined {
  if (!message.tracking) return undefined;
  return {
    ...message.tracking,
    key: messageKey(config.secret, message.tenantId, message._id),
    ref: messageRef(config.secret, message.tenantId, message._id),
    // From acceptance, not from the attempt: every attempt carries the same links.
    expiresAt: Math.floor((message.createdAt.getTime() + config.linkTtlMs) / 1000),
  };
}
