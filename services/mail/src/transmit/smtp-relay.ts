import nodemailer from 'nodemailer';

export type RelayResult =
  | { outcome: 'sent'; smtpCode: number | null; response: string }
  | { outcome: 'temporary' | 'permanent'; smtpCode: number | null; response: string };

export interface SmtpRelay {
  relay(raw: string, envelope: { from: string; to: string }): Promise<RelayResult>;
  close(): void;
}

const codeOf = (response: string | undefined) => {
  const m = /^(\d{3})/.exec(response ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * A pooled SMTP connection to the MTA. Failures are classified from the numeric reply code nodemailer
 * keeps on the error: 5xx is permanent; 4xx and errors without a reply (refused, reset, timeout) are temporary.
 */
export function createSmtpRelay(smtpUrl: string, poolSize: number): SmtpRelay {
  const transport = nodemailer.createTransport(smtpUrl, {
    pool: true,
    maxConnections: poolSize,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  } as object);
  return {
    async relay(raw, envelope) {
      try {
        const info = await transport.sendMail({ envelope, raw });
        return { outcome: 'sent', smtpCode: codeOf(info.response), response: info.response ?? '' };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string; code?: string };
        const smtpCode = typeof e.responseCode === 'number' ? e.responseCode : null;
        const response = e.response ?? `${e.code ?? 'ERROR'}: ${e.message ?? 'unknown error'}`;
        return { outcome: smtpCode !== null && smtpCode >= 500 ? 'permanent' : 'temporary', smtpCode, response };
      }
    },
    close: () => transport.close(),
  };
}
