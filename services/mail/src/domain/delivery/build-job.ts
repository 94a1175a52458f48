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
  /** With a bounce domain: a transaction per recipient from its VERP path; without, one transaction from the From address. */
  returnPath?: (messageId: string, recipient: number, identity: IdentityRecord) => string,
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
  // As the identity was read for this attempt: a pending key never signs, the Ed25519 key only while on and found.
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
