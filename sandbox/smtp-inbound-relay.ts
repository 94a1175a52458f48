import nodemailer from 'nodemailer';

/** Where the platform's inbound listener is, and the host the receiving domains' MX records name. */
export interface InboundRoute {
  host: string;
  port: number;
  mxHost: string;
}

/** An SMTP reply as the relay passes it on. */
export interface RelayReply {
  code: number;
  message: string;
}

/** Sends one message to the inbound listener as a remote MTA would (STARTTLS when offered, any certificate). */
export async function sendToInbound(
  route: InboundRoute,
  envelope: { from: string; to: string[] },
  raw: Buffer | string,
): Promise<RelayReply> {
  const transport = nodemailer.createTransport({ host: route.host, port: route.port, secure: false, tls: { rejectUnauthorized: false } });
  try {
    const info = await transport.sendMail({ envelope, raw });
    return { code: 250, message: info.response.replace(/^250[ -]/, '') };
  } catch (err) {
    const e = err as { responseCode?: number; response?: string; message: string };
    return { code: e.responseCode ?? 451, message: (e.response ?? e.message).replace(/^\d{3}[ -]/, '') };
  }
}

/**
 * The sandbox MTA routing by MX, as the Internet would: a message whose recipients are all at domains whose MX (in the
 * sandbox DNS) names the platform's inbound host goes on to the inbound listener, and its reply is the sink's. So mail
 * the platform sends to a receiving domain (another tenant's, its own) comes back in, loops included.
 */
export function inboundRelay(hasMx: (domain: string, host: string) => Promise<boolean>) {
  let route: InboundRoute | null = null;
  return {
    setRoute: (next: InboundRoute | null) => void (route = next),
    /** The inbound listener's reply, or null when the message is not for a receiving domain. */
    async relay(envelope: { from: string; to: string[] }, raw: Buffer): Promise<RelayReply | null> {
      const current = route;
      if (!current || envelope.to.length === 0) return null;
      const receiving = await Promise.all(envelope.to.map((to) => hasMx(to.slice(to.lastIndexOf('@') + 1), current.mxHost)));
      if (!receiving.every(Boolean)) return null;
      return sendToInbound(current, envelope, raw);
    },
  };
}
export type InboundRelay = ReturnType<typeof inboundRelay>;
