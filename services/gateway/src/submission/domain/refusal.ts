/**
 * An SMTP reply that refuses: its code (`responseCode`, the property smtp-server reads) and a text that opens with its
 * RFC 3463 enhanced status code. smtp-server's own mapping would label every 550 `5.1.1`, so it stays off
 * (ENHANCEDSTATUSCODES is not announced) and each refusal writes its own.
 */
export class SmtpRefusal extends Error {
  constructor(
    readonly responseCode: number,
    readonly enhanced: string,
    text: string,
  ) {
    super(`${enhanced} ${text}`);
    this.name = 'SmtpRefusal';
  }
}

export const refuse = (code: number, enhanced: string, text: string) => new SmtpRefusal(code, enhanced, text);
