/**
 * The header fields we sign, each oversigned: `h=` lists it once more than the message has it (a message has each at
 * most once), so a verifier counts an instance added after signing, above or below ours, against the signature.
 * From, To, Cc, Reply-To and Sender say who it is from and to; Subject, Date and Message-ID what it is; the MIME fields
 * how the signed body reads; the List-Unsubscribe pair what a one-click unsubscribe does (RFC 8058 wants both signed).
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'To',
  'Cc',
  'Subject',
  'Date',
  'Message-ID',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
] as const;

/** The field names of a header block, lowercased, one per field (a folded line belongs to the field above it). */
const fieldNames = (block: string) =>
  block
    .split(/\r?\n/)
    .filter((line) => line !== '' && !/^[ \t]/.test(line))
    .map((line) =>
      line
        .slice(0, Math.max(0, line.indexOf(':')))
        .trim()
        .toLowerCase(),
    );

/**
 * What to sign in a message's header block: `present`, the signed names it has; `h`, the `h=` list; `repeated`, a
 * signed name it has more than once (then nothing is signed: which instance a reader sees is anybody's guess).
 */
export function signingList(headerBlock: string): { present: string[]; h: string[]; repeated: string | null } {
  const counts = new Map<string, number>();
  for (const name of fieldNames(headerBlock)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const names = DKIM_SIGNED_HEADERS.map((name) => name.toLowerCase());
  const present = names.filter((name) => counts.has(name));
  return {
    present,
    h: names.flatMap((name) => (counts.has(name) ? [name, name] : [name])),
    repeated: names.find((name) => (counts.get(name) ?? 0) > 1) ?? null,
  };
}

/** A header block holding every signed name: handed to dkim-signer's `generateDKIMHeader`, which keeps in `h=` only names it finds. */
export const EVERY_SIGNED_NAME = DKIM_SIGNED_HEADERS.map((name) => `${name}: -`).join('\r\n');
