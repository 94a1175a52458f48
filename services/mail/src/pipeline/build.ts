import type { IdentityRecord } from '../data-access/identities-repo';
import type { MessageRecord } from '../data-access/messages-repo';
import type { RenderInput } from '../dkim/render';
import type { DkimIdentity } from '../dkim/signer';

/** Everything needed to render, sign and relay one message, in plain data that can cross to a worker thread. */
export interface TransmitJob {
  render: RenderInput;
  dkim: DkimIdentity;
  envelope: { from: string; to: string };
}

const bareAddress = (mailbox: string) => mailbox.match(/<([^>]+)>/)?.[1] ?? mailbox;

/** Turns a claimed message into a job. Private keys are opened from the key box once per identity and kept in memory. */
export function createJobMaker(openKey: (sealed: string) => string, unsubscribeUrl: (message: MessageRecord) => string) {
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
  return (message: MessageRecord, identity: IdentityRecord): TransmitJob => ({
    render: {
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
    },
    dkim: { domain: identity.domain, selector: identity.selector, privateKeyPem: privateKey(identity) },
    envelope: { from: bareAddress(message.from), to: bareAddress(message.to) },
  });
}
export type JobMaker = ReturnType<typeof createJobMaker>;
