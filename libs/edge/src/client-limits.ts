import { isIPv4, isIPv6 } from 'node:net';

/** A session of an SMTP listener as the limits see it (smtp-server's session has both). */
export interface ClientSession {
  id: string;
  remoteAddress: string;
}

const groupsIn = (part: string) => (part ? part.split(':') : []);
// An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) stands for two groups.
const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);

/** One client for a per-client limit: an IPv4 address, or an IPv6 /64 (a host usually holds a whole /64). */
export function clientKey(address: string): string {
  const v4 = address.replace(/^::ffff:/i, '');
  if (isIPv4(v4) || !isIPv6(address)) return v4;
  const [head, tail] = address.split('::');
  const groups =
    tail === undefined ? groupsIn(head) : [...groupsIn(head), ...Array(8 - width(groupsIn(head)) - width(groupsIn(tail))).fill('0')];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Connections per client (clientKey) on an SMTP listener; `maxClients` bounds only the total. `admit` onConnect, `release` onClose. */
export function perClientLimit(max: number) {
  const open = new Map<string, number>();
  const counted = new Map<string, string>();
  return {
    admit(session: ClientSession): boolean {
      const client = clientKey(session.remoteAddress);
      const held = open.get(client) ?? 0;
      if (held >= max) return false;
      open.set(client, held + 1);
      counted.set(session.id, client);
      return true;
    },
    release(session: ClientSession): void {
      const client = counted.get(session.id);
      if (client === undefined) return;
      counted.delete(session.id);
      const held = (open.get(client) ?? 1) - 1;
      if (held > 0) open.set(client, held);
      else open.delete(client);
    },
  };
}
