/**
 * Each oversigned: `h=` lists it once more than the message has it, so an instance added after signing, above or below
 * ours, breaks the signature. RFC 8058 wants the List-Unsubscribe pair signed.
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

/** `repeated`: a signed name present twice; then nothing is signed (which instance a reader sees is anybody's guess). */
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
