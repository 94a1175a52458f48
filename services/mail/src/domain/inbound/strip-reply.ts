// Lines that open the quoted message in the common clients: "On … wrote:" (Gmail, Apple Mail, Thunderbird),
// Outlook's "-----Original Message-----" and the rule it draws above its "From: … Sent: …" block.
const QUOTE_HEADER = [/^On\b.{0,300}\bwrote:\s*$/, /^-{2,}\s*Original Message\s*-{2,}\s*$/i, /^_{10,}\s*$/];
const SIGNATURE = /^--\s?$/;

/** An "On … wrote:" may be wrapped over two lines; the whole text when no quote or signature is found. */
export function stripReply(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trimEnd();
    const joined = i + 1 < lines.length ? `${line} ${lines[i + 1].trim()}` : line;
    if (SIGNATURE.test(line) || QUOTE_HEADER.some((q) => q.test(line)) || (/^On\b/.test(line) && QUOTE_HEADER[0].test(joined))) break;
    if (!line.startsWith('>')) kept.push(line);
  }
  return kept.join('\n').trim();
}
