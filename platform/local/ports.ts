import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

const EPHEMERAL_RANGE = '/proc/sys/net/ipv4/ip_local_port_range';
const LOWEST = 10_000;
/** Ports this process handed out: each is free when drawn but listened on only later, so none is drawn twice. */
const handedOut = new Set<number>();

/** Drawn below the kernel's range for outgoing connections, which a busy machine's own could take before the listener opens. */
export async function freePort(): Promise<number> {
  const ceiling = ephemeralStart();
  for (let tries = 0; ceiling > LOWEST + 1000 && tries < 50; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (ceiling - LOWEST));
    if (!handedOut.has(port) && (await listenable(port))) return handOut(port);
  }
  return handOut((await listenable(0)) as number);
}

function handOut(port: number): number {
  handedOut.add(port);
  return port;
}

function ephemeralStart(): number {
  if (!existsSync(EPHEMERAL_RANGE)) return 0;
  return Number(readFileSync(EPHEMERAL_RANGE, 'utf8').trim().split(/\s+/)[0]) || 0;
}

/** The port, once a listener on every address could take it (then let go), or false; port 0 answers the system's choice. */
function listenable(port: number): Promise<number | false> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => {
      const { port: taken } = probe.address() as AddressInfo;
      probe.close(() => resolve(taken));
    });
  });
}
