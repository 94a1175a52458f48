// dkim-signer 0.2.2 ships no types. Only the parts we use are declared (see signer.ts for why not DKIMSign).
declare module 'dkim-signer' {
  /**
   * The `DKIM-Signature:` field up to an empty `b=` (folded, no trailing CRLF): rsa-sha256, relaxed/relaxed, the body
   * hash of `body`, and `h=` the colon-separated `headerFieldNames` that `headers` holds (the others are left out).
   */
  export function generateDKIMHeader(
    domainName: string,
    keySelector: string,
    headerFieldNames: string,
    headers: string,
    body: string,
  ): string;

  export const DKIMCanonicalizer: {
    /** The bottom-most instance of each named field present in `headers`, relaxed, each followed by CRLF, in the order named. */
    relaxedHeaders(headers: string, fieldNames: string): { headers: string; fieldNames: string };
    /** One field, relaxed: lowercased name, unfolded value with whitespace runs collapsed. */
    relaxedHeaderLine(line: string): { key: string; value: string };
  };
}
