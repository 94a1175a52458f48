import { createHash, createSign, sign as signWith, type KeyObject } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { DKIMCanonicalizer, generateDKIMHeader } from 'dkim-signer';
import { createPrivateKeyCache } from './private-key-cache';
import { EVERY_SIGNED_NAME, signingList } from './signed-headers';

export interface DkimIdentity {
  domain: string;
  selector: string;
  privateKeyPem: string;
  /** A second signature, ed25519-sha256 (RFC 8463), under its own selector: only once its record was found. */
  ed25519?: { selector: string; privateKeyPem: string };
}

export type DkimSignErrorCode = 'DKIM_BAD_IDENTITY' | 'DKIM_BAD_KEY' | 'DKIM_EMPTY_BODY' | 'DKIM_NOT_7BIT' | 'DKIM_REPEATED_HEADER';

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
  sign(rawMessage: Buffer | string, identity: DkimIdentity): string;
}

const BODY_HASH = /\bbh=([A-Za-z0-9+/]{43}=);/;
const STAND_IN_BODY = '-\r\n';
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
      const signed = DKIMCanonicalizer.relaxedHeaders(headers, list.present.join(':')).headers;
      const rsaSelector = checkedSelector(identity.selector);
      const rsa = parsedKey(() => keys.get(`${domainName}\n${rsaSelector}`, identity.privateKeyPem), 'rsa');
      const rsaTags = generateDKIMHeader(domainName, rsaSelector, list.h.join(':'), EVERY_SIGNED_NAME, body);
      const rsaField = signatureField(rsaTags, signed, (data) => createSign('RSA-SHA256').update(data).sign(rsa, 'base64'));
      if (!identity.ed25519) return `${rsaField}\r\n${message}`;
      const selector = checkedSelector(identity.ed25519.selector);
      const ed = parsedKey(() => keys.get(`${domainName}\n${selector}`, identity.ed25519!.privateKeyPem), 'ed25519');
      const edTags = withAlgorithm(tagsWithBodyHashOf(rsaTags, domainName, selector, list.h, body), 'ed25519-sha256');
      // RFC 8463 §3: Ed25519 (pure) over the SHA-256 hash of the same header data RSA signs.
      const edField = signatureField(edTags, signed, (data) =>
        signWith(null, createHash('sha256').update(data).digest(), ed).toString('base64'),
      );
      // RSA on top: the signature every receiver knows is the first one it meets.
      return `${rsaField}\r\n${edField}\r\n${message}`;
    },
  };
}

/**
 * dkim-signer's DKIMSign cannot oversign (it lists each present name once), so its parts are used: `h=` lists every
 * name, and the data signed is the message's fields once each (a name listed again matches nothing), then this field.
 */
function signatureField(tags: string, signed: string, sign: (data: string) => string): string {
  const own = DKIMCanonicalizer.relaxedHeaderLine(tags);
  const signature = sign(`${signed}${own.key}:${own.value}`);
  return `${tags}${signature.replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, '$&\r\n ').trim()}`;
}

/** A second field's tags around a stand-in body, given `first`'s bh= (always 44 characters: folds alike): the body is hashed once. */
function tagsWithBodyHashOf(first: string, domainName: string, selector: string, h: string[], body: string): string {
  const hash = BODY_HASH.exec(first)?.[1];
  const standIn = generateDKIMHeader(domainName, selector, h.join(':'), EVERY_SIGNED_NAME, STAND_IN_BODY);
  if (hash && BODY_HASH.test(standIn)) return standIn.replace(BODY_HASH, `bh=${hash};`);
  return generateDKIMHeader(domainName, selector, h.join(':'), EVERY_SIGNED_NAME, body);
}

const withAlgorithm = (tags: string, algorithm: 'ed25519-sha256') => tags.replace('a=rsa-sha256;', `a=${algorithm};`);

function checkedSelector(selector: string): string {
  if (!DNS_NAME.test(selector)) {
    throw new DkimSignError('DKIM_BAD_IDENTITY', `DKIM selector ${JSON.stringify(selector)} is not a DNS label`);
  }
  return selector;
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

function parsedKey(parse: () => KeyObject, type: 'rsa' | 'ed25519'): KeyObject {
  let key: KeyObject;
  try {
    key = parse();
  } catch {
    throw new DkimSignError('DKIM_BAD_KEY', 'DKIM private key is not a readable PEM key');
  }
  if (type === 'ed25519') {
    if (key.asymmetricKeyType !== 'ed25519') throw new DkimSignError('DKIM_BAD_KEY', 'the ed25519-sha256 DKIM key must be Ed25519');
    return key;
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 1024) {
    throw new DkimSignError('DKIM_BAD_KEY', 'DKIM private key must be RSA of at least 1024 bits (the rsa-sha256 signature)');
  }
  return key;
}
