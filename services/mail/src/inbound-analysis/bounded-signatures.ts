export interface SignatureLimits {
  dkim: number;
  /** ARC sets, by instance (`i=1` to `i=arc`); a longer chain is broken for the verifier, so ARC says fail. */
  arc: number;
}

const ARC_HEADER = /^arc-(?:seal|message-signature|authentication-results)$/;
const INSTANCE = /(?:^|;)\s*i\s*=\s*(\d{1,6})/;

function headerEnd(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return raw.length;
  if (crlf === -1) return lf + 1;
  if (lf === -1) return crlf + 2;
  return Math.min(crlf + 2, lf + 1);
}

function fieldsOf(head: Buffer): Buffer[] {
  const fields: Buffer[] = [];
  let start = 0;
  let at = 0;
  while (at < head.length) {
    const nl = head.indexOf(10, at);
    const next = nl === -1 ? head.length : nl + 1;
    const folded = next < head.length && (head[next] === 0x20 || head[next] === 0x09);
    if (!folded) {
      fields.push(head.subarray(start, next));
      start = next;
    }
    at = next;
  }
  return fields;
}

const nameOf = (field: Buffer) => {
  const colon = field.indexOf(58);
  return colon === -1 ? '' : field.subarray(0, Math.min(colon, 100)).toString('latin1').trim().toLowerCase();
};

/** Signatures past the limits left out, so a verifier starts at most that many body hashes whatever the sender wrote. */
export function withBoundedSignatures(raw: Buffer, limits: SignatureLimits): Buffer {
  const end = headerEnd(raw);
  const fields = fieldsOf(raw.subarray(0, end));
  let dkim = 0;
  let dropped = false;
  const kept = fields.filter((field) => {
    const name = nameOf(field);
    if (name === 'dkim-signature') {
      dkim += 1;
      dropped ||= dkim > limits.dkim;
      return dkim <= limits.dkim;
    }
    if (!ARC_HEADER.test(name)) return true;
    const value = field.subarray(field.indexOf(58) + 1, Math.min(field.length, 200)).toString('latin1');
    const instance = Number(INSTANCE.exec(value)?.[1] ?? Infinity);
    const keep = instance <= limits.arc;
    dropped ||= !keep;
    return keep;
  });
  return dropped ? Buffer.concat([...kept, raw.subarray(end)]) : raw;
}
