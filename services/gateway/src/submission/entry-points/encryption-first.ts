import type { SMTPServer, SMTPServerSession } from 'smtp-server';

type Handler = (this: Connection, command: Buffer, callback: () => void) => void;

/** What this needs of smtp-server's connection object (it is not in the library's types). */
interface Connection {
  secure: boolean;
  session: SMTPServerSession & { disabledCommands?: string[] };
  send(code: number, text: string): void;
  handler_EHLO: Handler;
  handler_AUTH: Handler;
}

const ENCRYPTION_REQUIRED = '5.7.11 Encryption required for requested authentication mechanism: STARTTLS first';

/**
 * RFC 4954: AUTH is not offered before encryption (Python's smtplib would send its API key in clear) and is refused
 * `538 5.7.11`; smtp-server has no option for either.
 */
export function encryptionFirst(server: SMTPServer): void {
  const internals = server as unknown as { connections: Set<Connection>; connect(...args: unknown[]): void };
  const connect = internals.connect.bind(server);
  internals.connect = (...args: unknown[]) => {
    const before = internals.connections.size;
    connect(...args);
    if (internals.connections.size > before) guard([...internals.connections][internals.connections.size - 1]);
  };
}

function guard(connection: Connection): void {
  const ehlo = connection.handler_EHLO;
  const auth = connection.handler_AUTH;
  connection.handler_EHLO = function (command, callback) {
    if (this.secure) return ehlo.call(this, command, callback);
    // The session's own list of disabled commands is what the capability list reads; it lasts this one reply.
    this.session.disabledCommands = ['AUTH'];
    try {
      ehlo.call(this, command, callback);
    } finally {
      delete this.session.disabledCommands;
    }
  };
  connection.handler_AUTH = function (command, callback) {
    if (this.secure) return auth.call(this, command, callback);
    this.send(538, ENCRYPTION_REQUIRED);
    callback();
  };
}
