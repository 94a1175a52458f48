// dkim-signer 0.2.2 ships no types. Only the entry point we use is declared.
declare module 'dkim-signer' {
  import type { KeyObject } from 'node:crypto';

  export interface DKIMSignOptions {
    domainName: string;
    keySelector: string;
    /** Handed straight to crypto.Sign#sign, so a parsed KeyObject works as well as PEM. */
    privateKey: string | KeyObject;
    /** Colon-separated; names absent from the message are left out of `h=`. */
    headerFieldNames?: string;
  }

  /** Returns the `DKIM-Signature:` header field (no trailing CRLF) to prepend to the message. */
  export function DKIMSign(email: string | Buffer, options: DKIMSignOptions): string;
}
