import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'amqplib';
import { startLocalRabbit, type LocalRabbit } from '../platform/local/rabbitmq';
import { removeDir } from './support/platform';
import { rabbitBinary, rabbitFromEnv } from './support/rabbitmq';

/** The addresses listening on `port`, from the kernel's socket tables (IPv4 `7F000001`-style, IPv6 32 hex digits). */
function listenersOn(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === '0A' && cols[1]?.endsWith(`:${hexPort}`))
      .map((cols) => cols[1].split(':')[0]),
  );
}
const LOOPBACK = ['0100007F', '00000000000000000000000001000000'];

const server = rabbitBinary();

// Issue #39: the launcher's RabbitMQ had a guessable Erlang cookie and its epmd listened on every address; with
// both, anyone who reached the machine could run code in the node.
(server ? describe : describe.skip)('the local RabbitMQ node', () => {
  const dirs = [mkdtempSync(path.join(tmpdir(), 'mailplane-rabbit-sec-'))];
  let node: LocalRabbit;
  beforeAll(async () => {
    node = await startLocalRabbit({ dir: dirs[0], nodeName: `mpsec${process.pid}@localhost`, server: server!, env: process.env });
  }, 120_000);
  afterAll(async () => {
    await node?.stop();
    dirs.forEach(removeDir);
  }, 60_000);

  it('when it runs, then epmd and the Erlang distribution listen on loopback only, and AMQP and rabbitmqctl still work', async () => {
    for (const port of [node.epmdPort, node.distPort]) {
      const listening = listenersOn(port);
      expect({ port, listening: listening.length > 0, foreign: listening.filter((a) => !LOOPBACK.includes(a)) }).toEqual({
        port,
        listening: true,
        foreign: [],
      });
    }
    const connection = await connect(node.url);
    await connection.close();
    const ctl = rabbitFromEnv({
      AMQP_URL: node.url,
      TEST_RABBIT_NODE: node.nodeName,
      TEST_RABBIT_HOME: node.home,
      TEST_RABBIT_EPMD_PORT: String(node.epmdPort),
      TEST_RABBIT_CTL: node.ctl,
    })!;
    await ctl.stopApp();
    await ctl.startApp();
  }, 90_000);

  it('when a data dir gets its cookie, then it is 256 random bits, readable by its owner only', () => {
    const cookieOf = (dir: string) => path.join(dir, 'home', '.erlang.cookie');
    const cookie = readFileSync(cookieOf(dirs[0]), 'utf8');
    expect(cookie).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(cookieOf(dirs[0])).mode & 0o777).toBe(0o600);
  });
});
