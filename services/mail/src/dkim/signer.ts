import { createSign, type KeyObject } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { DKIMCanonicalizer, generateDKIMHeader } from 'dkim-signer';
import { createPrivateKeyCache } from './private-key-cache';
import { EVERY_SIGNED_NAME, signingList } from './signed-headers';

/** Who signs: `d=`, `s=` and the matching private key (PEM, already opened from the key box). */
export interface DkimIdentity {
  domain: string;
  selector: string;
  privateKeyPem: string;
}

export type DkimSignErrorCode = 'DKIM_BAD_IDENTITY' | 'DKIM_BAD_KEY' | 'DKIM_EMPTY_BODY' | 'DKIM_NOT_7BIT' | 'DKIM_REPEATED_HEADER';

/** Signing refused rather than producing a signature that would not verify. */
export class DkimSignError extends Error {
  constructor(
    readonly code: DkimSignErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DkimSignError';
  }
}

export interface DkimSigner {
  /** Returns the message with a `DKIM-Signature:` header prepended. */
  sign(rawMessage: Buffer | string, identity: DkimIdentity): string;
}

const DNS_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*$/i;
// The same split dkim-signer makes, so the body we check is the body it hashes.
const HEADER_BODY_SEPARATOR = /^\r?\n|(?:\r?\n){2}/;
// dkim-signer canonicalizes with JS `\s`, which also eats \v, \f and Unicode spaces (NBSP…); RFC 6376 WSP is SP/HTAB only.
// eslint-disable-next-line no-control-regex -- the range is the point: anything outside ASCII
const NOT_SAFE_FOR_DKIM_SIGNER = /[^\x00-\x7f]|[\v\f]/;

export function createDkimSigner(options: { maxCachedKeys?: number } = {}): DkimSigner {
  const keys = createPrivateKeyCache(options.maxCachedKeys ?? 1000);
  return {
    sign(rawMessage, identity) {
      // latin1 maps bytes one to one, so an 8-bit byte cannot hide inside a multi-byte decode.
      const message = typeof rawMessage === 'string' ? rawMessage : rawMessage.toString('latin1');
      const { headers, body } = splitMessage(message);
      assertSignable(message, body);
      const list = signingList(headers);
      if (list.repeated) throw new DkimSignError('DKIM_REPEATED_HEADER', `refusing to DKIM-sign a message with ${list.repeated} twice`);
      const domainName = checkedDomain(identity.domain);
      if (!DNS_NAME.test(identity.selector)) {
        throw new DkimSignError('DKIM_BAD_IDENTITY', `DKIM selector ${JSON.stringify(identity.selector)} is not a DNS label`);
      }
      const privateKey = parsedKey(() => keys.get(`${domainName}\n${identity.selector}`, identity.privateKeyPem));
      // dkim-signer's DKIMSign cannot oversign: it lists only the names the message has, once each. Its parts can:
      // the tag list is written from a block holding every name (so `h=` is ours), and the data signed is the
      // message's fields, each once (a name listed again matches nothing and adds nothing), then that header field.
      const field = generateDKIMHeader(domainName, identity.selector, list.h.join(':'), EVERY_SIGNED_NAME, body);
      const own = DKIMCanonicalizer.relaxedHeaderLine(field);
      const data = `${DKIMCanonicalizer.relaxedHeaders(headers, list.present.join(':')).headers}${own.key}:${own.value}`;
      const signature = createSign('RSA-SHA256').update(data).sign(privateKey, 'base64');
      // Folded as DKIMSign folds it.
      return `${field}${signature.replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, '$&\r\n ').trim()}\r\n${message}`;
    },
  };
}

function splitMessage(message: string): { headers: string; body: string } {
  const separator = HEADER_BODY_SEPARATOR.exec(message);
  if (!separator) return { headers: message, body: '' };
  return { headers: message.slice(0, separator.index), body: message.slice(separator.index + separator[0].length) };
}

function assertSignable(message: string, body: string): void {
  // dkim-signer hashes an empty body as CRLF (RFC 6376 says empty), and with no body at all it hashes the headers.
  if (!/[^ \t\r\n]/.test(body)) {
    throw new DkimSignError(
      'DKIM_EMPTY_BODY',
      'refusing to DKIM-sign a message with an empty body: dkim-signer would compute a wrong body hash',
    );
  }
  if (NOT_SAFE_FOR_DKIM_SIGNER.test(message)) {
    throw new DkimSignError(
      'DKIM_NOT_7BIT',
      'refusing to DKIM-sign a message with 8-bit, \\v or \\f characters: dkim-signer canonicalizes them wrongly; render with quoted-printable or base64',
    );
  }
}

function checkedDomain(domain: string): string {
  const ascii = domainToASCII(domain);
  if (!ascii || !DNS_NAME.test(ascii)) {
    throw new DkimSignError('DKIM_BAD_IDENTITY', `DKIM domain ${JSON.stringify(domain)} is not a valid domain name`);
  }
  return ascii;
}

function parsedKey(parse: () => KeyObject): KeyObject {
  let key: KeyObject;
  try {
    key = parse();
  } catch {
    throw new DkimSignError('DKIM_BAD_KEY', 'DKIM private key is not a readable PEM key');
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 1024) {
    throw new DkimSignError('DKIM_BAD_KEY', 'DKIM private key must be RSA of at least 1024 bits (dkim-signer signs rsa-sha256 only)');
  }
  return key;
}
