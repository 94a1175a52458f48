import type { SMTPServer } from 'smtp-server';
import { perClientLimit, type ClientSession } from '@mailplane/edge';

/** What the places need of smtp-server's connection object (it is not in the library's types). */
interface Connection {
  id: string;
  send(code: number, text: string): void;
  close(): void;
}

export interface PlaceLimits {
  maxConnections: number;
  maxConnectionsPerClient: number;
  authTimeoutMs: number;
  dataTimeoutMs: number;
  /** DATA that keeps at least this pace is never cut off, however large (its answer, maybe 552, comes after the dot). */
  dataMinBytesPerSecond: number;
}

/** A newcomer to a full listener closes the oldest unauthenticated session, so clients that never authenticate cannot keep a tenant out. */
export function createPlaces(limits: PlaceLimits) {
  const servers: SMTPServer[] = [];
  const clients = perClientLimit(limits.maxConnectionsPerClient);
  // Sessions that have not authenticated, oldest first, with their deadline.
  const unauthenticated = new Map<string, NodeJS.Timeout>();
  const open = () => servers.flatMap((server) => [...server.connections] as Connection[]);
  const close = (id: string, text: string) => {
    const connection = open().find((c) => c.id === id);
    connection?.send(421, text);
    connection?.close();
  };
  const forgetDeadline = (id: string) => {
    clearTimeout(unauthenticated.get(id));
    unauthenticated.delete(id);
  };
  // At the TCP accept, before smtp-server counts the newcomer against its own maxClients.
  const makeRoom = () => {
    if (open().length < limits.maxConnections) return;
    const oldest = unauthenticated.keys().next().value;
    if (oldest === undefined) return;
    forgetDeadline(oldest);
    close(oldest, '4.7.0 Too many connections: closing the oldest one that has not authenticated');
  };
  return {
    attach(server: SMTPServer): void {
      servers.push(server);
      server.server.on('connection', makeRoom);
    },
    seat(session: ClientSession): boolean {
      if (open().length > limits.maxConnections || !clients.admit(session)) return false;
      const text = `4.7.0 No authentication within ${Math.round(limits.authTimeoutMs / 1000)} s; closing`;
      unauthenticated.set(
        session.id,
        setTimeout(() => (unauthenticated.delete(session.id), close(session.id, text)), limits.authTimeoutMs),
      );
      return true;
    },
    authenticated: (session: ClientSession) => forgetDeadline(session.id),
    leave(session: ClientSession): void {
      forgetDeadline(session.id);
      clients.release(session);
    },
    /** Call what it returns once DATA is over. */
    dataDeadline(session: ClientSession, received: () => number): () => void {
      const started = Date.now();
      const seconds = Math.round(limits.dataTimeoutMs / 1000);
      const allowed = () => Math.max(limits.dataTimeoutMs, (received() * 1000) / limits.dataMinBytesPerSecond);
      const check = () => {
        const left = started + allowed() - Date.now();
        if (left > 0) timer = setTimeout(check, left);
        else close(session.id, `4.4.2 The message did not arrive within ${seconds} s at the minimum pace; closing`);
      };
      let timer = setTimeout(check, limits.dataTimeoutMs);
      return () => clearTimeout(timer);
    },
  };
}
export type Places = ReturnType<typeof createPlaces>;
