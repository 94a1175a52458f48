import type { IdentityRecord } from '../data-access/identities-repo';
import type { MessageRecord } from '../data-access/messages-repo';
import { renderMime } from '../dkim/render';
import type { DkimSigner } from '../dkim/signer';

export interface Builder {
  build(message: MessageRecord, identity: IdentityRecord): Promise<string>;
}

/** Render then sign. Private keys are opened from the key box once per identity and kept in memory. */
export function createBuilder(signer: DkimSigner, openKey: (sealed: string) => string, unsubscribeUrl: (message: MessageRecord) => string): Builder {
  const opened = new Map<string, string>();
  const privateKey = (identity: IdentityRecord) => {
    const cacheKey = `${identity._id}:${identity.selector}`;
    let pem = opened.get(cacheKey);
    if (!pem) {
      pem = openKey(identity.sealedPrivateKey);
      opened.set(cacheKey, pem);
    }
    return pem;
  };
  return {
    async build(message, identity) {
      const raw = await renderMime({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text ?? undefined,
        html: message.html ?? undefined,
        replyTo: message.replyTo ?? undefined,
        headers: message.headers,
        attachments: message.attachments,
        messageId: message._id,
        sendingDomain: identity.domain,
        date: message.createdAt,
        listUnsubscribeUrl: unsubscribeUrl(message),
      });
      return signer.sign(raw, { domain: identity.domain, selector: identity.selector, privateKeyPem: privateKey(identity) });
    },
  };
}
