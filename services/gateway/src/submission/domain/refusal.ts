/**
 * smtp-server's own mapping would label every 550 `5.1.1`, so it stays off (ENHANCEDSTATUSCODES is not announced)
 * and each refusal's text opens with its own RFC 3463 code.
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
