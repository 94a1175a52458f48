import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

const EPHEMERAL_RANGE = '/proc/sys/net/ipv4/ip_local_port_range';
const LOWEST = 10_000;
/** Ports this process handed out: each is free when drawn but listened on only later, so none is drawn twice. */
const handedOut = new Set<number>();

/**
 * A port free now, for a process that will listen on it a little later. Drawn at random below the range the kernel
 * hands out to outgoing connections (32768 and up on Linux), where a busy machine's own connections would take it
 * in the meantime, and never one this process handed out before (a cluster draws some twenty before any listens);
 * any free port where that range is unknown or leaves no room.
 */
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
