import { once } from 'node:events';
import { isIPv6, type Socket } from 'node:net';
import DNS from 'dns2';
import { answerFromZone, serverFailure, toRecords, zoneName, type CnameZone, type MxZone, type TxtZone } from './dns-zone';

/** A loopback DNS server answering TXT, MX (and CNAME) queries from an in-memory zone, over UDP and TCP on one port. */
export interface SandboxDns {
  port: number;
  host: string;
  /** `string[]`: one record per string (split at 255 octets); `string[][]`: records given as character-strings. */
  setTxt(name: string, values: string[] | string[][]): void;
  deleteTxt(name: string): void;
  /** `name` becomes an alias of `target` (a tracking domain's record). */
  setCname(name: string, target: string): void;
  /** A domain's MX records: where mail for it goes (the platform's inbound host, for a receiving identity). */
  setMx(name: string, exchanges: string[]): void;
  deleteMx(name: string): void;
  /**
   * Every query for `name` is answered SERVFAIL, as a recursive server answers when the authoritative one is down, or,
   * `silent`, not answered at all (the resolver times out).
   */
  failName(name: string, options?: { silent?: boolean }): void;
  healName(name: string): void;
  stop(): Promise<void>;
}

const PORT_ATTEMPTS = 5;

export async function startSandboxDns(options: { port?: number; host?: string } = {}): Promise<SandboxDns> {
  const host = options.host ?? '127.0.0.1';
  const zone: TxtZone = new Map();
  const cnames: CnameZone = new Map();
  const mx: MxZone = new Map();
  const failing = new Map<string, 'servfail' | 'silent'>();
  const handle: DNS.DnsHandler = (request, send) => {
    const failure = failing.get(request.questions[0] ? zoneName(request.questions[0].name) : '');
    if (failure === 'silent') return;
    void send(failure ? serverFailure(request) : answerFromZone(request, zone, cnames, mx));
  };
  const { udp, tcp, port } = await listenOnOnePort(handle, host, options.port ?? 0);
  // Resolvers keep TCP connections open; stop() must not wait for dns2's idle timeout.
  const connections = new Set<Socket>();
  tcp.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  let stopped: Promise<void> | undefined;
  return {
    port,
    host,
    setTxt: (name, values) => void zone.set(zoneName(name), toRecords(values)),
    deleteTxt: (name) => void zone.delete(zoneName(name)),
    setCname: (name, target) => void cnames.set(zoneName(name), zoneName(target)),
    setMx: (name, exchanges) => void mx.set(zoneName(name), exchanges.map(zoneName)),
    deleteMx: (name) => void mx.delete(zoneName(name)),
    failName: (name, options) => void failing.set(zoneName(name), options?.silent ? 'silent' : 'servfail'),
    healName: (name) => void failing.delete(zoneName(name)),
    stop() {
      stopped ??= (async () => {
        for (const socket of connections) socket.destroy();
        await Promise.all([
          new Promise<void>((resolve) => udp.close(() => resolve())),
          new Promise<void>((resolve) => tcp.close(() => resolve())),
        ]);
      })();
      return stopped;
    },
  };
}

/** Resolvers use one port for UDP and for the TCP retry of truncated answers, so both must share it. */
async function listenOnOnePort(handle: DNS.DnsHandler, host: string, requestedPort: number) {
  for (let attempt = 1; ; attempt++) {
    const udp = DNS.createUDPServer({ type: isIPv6(host) ? 'udp6' : 'udp4' }).on('request', handle);
    udp.bind(requestedPort, host);
    await once(udp, 'listening');
    const port = udp.address().port;
    const tcp = DNS.createTCPServer(handle);
    try {
      tcp.listen(port, host);
      await once(tcp, 'listening');
      return { udp, tcp, port };
    } catch (error) {
      udp.close();
      const portTaken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!portTaken || requestedPort !== 0 || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}
