import type { IdentityRecord } from '../../data-access/identities-repo';
import type { MessageBody, MessageRecord } from '../../data-access/messages-repo';
import type { TransmitJob } from '../../transmit/transmitter';
import { recipientsOf } from '../recipients';

const bareAddress = (mailbox: string) => mailbox.match(/<([^>]+)>/)?.[1] ?? mailbox;

/** Turns a claimed message and its body into a job. Private keys are opened from the key box once per identity and kept in memory. */
export function createJobMaker(
  openKey: (sealed: string, identityId: string) => string,
  unsubscribeUrl: (message: MessageRecord) => string,
  /** The message's VERP return path (the envelope sender), when a bounce domain is configured; else the From address. */
  returnPath?: (messageId: string) => string,
) {
  const opened = new Map<string, string>();
  const privateKey = (identity: IdentityRecord) => {
    const cacheKey = `${identity._id}:${identity.selector}`;
    let pem = opened.get(cacheKey);
    if (!pem) {
      pem = openKey(identity.sealedPrivateKey, identity._id);
      opened.set(cacheKey, pem);
    }
    return pem;
  };
  /** `to`: the addresses this attempt is for (the SMTP envelope); the headers name every recipient but the Bcc ones. */
  return (message: MessageRecord, body: MessageBody, identity: IdentityRecord, to: string[]): TransmitJob => ({
    render: {
      from: message.from,
      to: message.to,
      cc: message.cc,
      subject: message.subject,
      text: body.text ?? undefined,
      html: body.html ?? undefined,
      replyTo: message.replyTo ?? undefined,
      headers: message.headers,
      attachments: body.attachments,
      messageId: message._id,
      sendingDomain: identity.domain,
      date: message.createdAt,
      // The link unsubscribes one address: a message to several carries none.
      listUnsubscribeUrl: recipientsOf(message).length === 1 ? unsubscribeUrl(message) : undefined,
    },
    dkim: { domain: identity.domain, selector: identity.selector, privateKeyPem: privateKey(identity) },
    envelope: { from: returnPath ? returnPath(message._id) : bareAddress(message.from), to },
  });
}
