/**
 * Issue #39's inbound bomb: one message with `signatures` DKIM-Signature headers, each with a distinct (c=, a=, l=) so
 * a naive verifier starts a body hash per header, and `bodyBytes` of body. The signatures are made up: they never
 * verify, they only cost.
 */
export function dkimBomb(options: { from: string; to: string; signatures: number; bodyBytes: number }): Buffer {
  const canons = ['simple/simple', 'relaxed/relaxed', 'simple/relaxed', 'relaxed/simple'];
  const algorithms = ['rsa-sha256', 'rsa-sha1'];
  const signatures = Array.from({ length: options.signatures }, (_, i) => {
    const c = canons[i % canons.length];
    const a = algorithms[Math.floor(i / canons.length) % algorithms.length];
    const l = options.bodyBytes * 2 + i;
    return `DKIM-Signature: v=1; a=${a}; c=${c}; d=elsewhere.example; s=s${i}; l=${l}; h=from:to:subject; bh=${'A'.repeat(43)}=; b=${'B'.repeat(171)}=`;
  });
  const line = `${'x'.repeat(76)}\r\n`;
  const body = line.repeat(Math.ceil(options.bodyBytes / line.length));
  const head = [
    ...signatures,
    `From: <${options.from}>`,
    `To: <${options.to}>`,
    'Subject: bomb',
    `Message-ID: <bomb-${Math.random().toString(36).slice(2)}@elsewhere.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=us-ascii',
  ].join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${body}`);
}
