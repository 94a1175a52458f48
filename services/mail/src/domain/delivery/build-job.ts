import type { IdentityRecord } from '../../data-access/identities-repo';
import type { MessageBody, MessageRecord } from '../../data-access/messages-repo';
import type { SmtpEnvelope } from '../../transmit/smtp-relay';
import type { TransmitJob } from '../../transmit/transmitter';
import type { DkimIdentity } from '../../dkim/signer';
import type { HtmlTracking } from '../../tracking/rewrite-html';
import { parseMailbox } from '../address';
import { recipientsOf } from '../recipients';

/** A mailbox as parsed at acceptance, handed to the renderer as such so that nothing parses it a second way. */
const parsed = (field: string, value: string) => {
  const { name, address } = parseMailbox(field, value);
  return { name, address };
};

/** A transaction per address (the same address twice is mailed once), from the return path of its recipient's place. */
function oneEach(to: string[], recipients: { address: string }[], returnPath: (recipient: number) => string): SmtpEnvelope[] {
  const distinct = new Map<string, string>();
  for (const address of to) if (!distinct.has(address.toLowerCase())) distinct.set(address.toLowerCase(), address);
  return [...distinct].map(([key, address]) => ({
    from: returnPath(recipients.findIndex((r) => r.address.toLowerCase() === key)),
    to: [address],
  }));
}

/** Turns a claimed message and its body into a job. Private keys are opened from the key box once per identity and kept in memory. */
export function createJobMaker(
  openKey: (sealed: string, identityId: string) => string,
  unsubscribeUrl: (message: MessageRecord) => string,
  /**
   * The VERP return path of the recipient at `recipient` in the message, when a bounce domain is configured: then
   * each recipient gets a transaction (and a return path) of its own, on the identity's verified return path domain
   * if it has one, else on the operator's bounce domain. Else one transaction from the From address.
   */
  returnPath?: (messageId: string, recipient: number, identity: IdentityRecord) => string,
  /** How the message's HTML is tracked, when it is (see `htmlTrackingOf`). */
  htmlTracking: (message: MessageRecord) => HtmlTracking | undefined = () => undefined,
) {
  const opened = new Map<string, string>();
  // By public key: a key made again under a selector used before (Ed25519 turned off and on) is never the stale one.
  const privateKey = (identity: IdentityRecord, key: { sealedPrivateKey: string; publicKey: string }) => {
    const cacheKey = `${identity._id}:${key.publicKey}`;
    let pem = opened.get(cacheKey);
    if (!pem) {
      pem = openKey(key.sealedPrivateKey, identity._id);
      opened.set(cacheKey, pem);
    }
    return pem;
  };
  /**
   * The keys whose records the last verify found, as the identity was read for this attempt: the current RSA key, and
   * the Ed25519 key while it is on and found. A pending key never signs.
   */
  const dkimOf = (identity: IdentityRecord): DkimIdentity => {
    const ed = identity.ed25519Dkim;
    return {
      domain: identity.domain,
      selector: identity.selector,
      privateKeyPem: privateKey(identity, identity),
      ...(ed?.active ? { ed25519: { selector: ed.selector, privateKeyPem: privateKey(identity, ed) } } : {}),
    };
  };
  /** `to`: the addresses this attempt is for (the SMTP envelope); the headers name every recipient but the Bcc ones. */
  return (message: MessageRecord, body: MessageBody, identity: IdentityRecord, to: string[]): TransmitJob => {
    const from = parsed('from', message.from);
    const recipients = recipientsOf(message);
    const listed = (kind: 'to' | 'cc') =>
      recipients.filter((r) => r.kind === kind).map((r) => ({ name: r.name ?? '', address: r.address }));
    return {
      render: {
        from,
        to: listed('to'),
        cc: listed('cc'),
        subject: message.subject,
        text: body.text ?? undefined,
        html: body.html ?? undefined,
        replyTo: message.replyTo ? parsed('replyTo', message.replyTo) : undefined,
        headers: message.headers,
        attachments: body.attachments,
        messageId: message._id,
        messageIdHeader: message.messageIdHeader,
        sendingDomain: identity.domain,
        date: message.createdAt,
        // The link unsubscribes one address: a message to several carries none, nor does the platform's own mail.
        listUnsubscribeUrl: recipients.length === 1 && message.kind !== 'system' ? unsubscribeUrl(message) : undefined,
        tracking: htmlTracking(message),
      },
      dkim: dkimOf(identity),
      envelopes: returnPath ? oneEach(to, recipients, (i) => returnPath(message._id, i, identity)) : [{ from: from.address, to }],
    };
  };
}
