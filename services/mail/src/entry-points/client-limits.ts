import type { SMTPServerSession } from 'smtp-server';

/**
 * How many connections each client address holds on an SMTP listener, so that one client cannot take every place
 * (smtp-server's `maxClients` bounds them all together). `admit` from onConnect, `release` from onClose.
 */
export function perClientLimit(max: number) {
  const open = new Map<string, number>();
  const counted = new Map<string, string>();
  return {
    /** True when the session is admitted (and counted); false when its address already holds `max`. */
    admit(session: SMTPServerSession): boolean {
      const client = session.remoteAddress;
      const held = open.get(client) ?? 0;
      if (held >= max) return false;
      open.set(client, held + 1);
      counted.set(session.id, client);
      return true;
    },
    release(session: SMTPServerSession): void {
      const client = counted.get(session.id);
      if (client === undefined) return;
      counted.delete(session.id);
      const held = (open.get(client) ?? 1) - 1;
      if (held > 0) open.set(client, held);
      else open.delete(client);
    },
  };
}
