import type { MailDeps } from '../deps';
import type { ParsedInbound } from './parse';

// Our Message-IDs are `<msg_…@sending domain>` (mime/render.ts).
const OUR_MESSAGE_ID = /^<?(msg_[0-9a-z]{26})@[^>]+>?$/;

/** Only a message of this tenant counts: another tenant's id is no one's business here. */
export async function repliedEmailId(deps: MailDeps, tenantId: string, parsed: ParsedInbound): Promise<string | null> {
  const candidates = [parsed.inReplyTo, ...[...parsed.references].reverse()]
    .map((id) => (id ? OUR_MESSAGE_ID.exec(id.trim())?.[1] : undefined))
    .filter((id): id is string => !!id);
  for (const id of new Set(candidates)) if (await deps.messages.byId(tenantId, id)) return id;
  return null;
}
