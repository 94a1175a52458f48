import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import nodemailer from 'nodemailer';

/** Where an application reaches SMTP submission, and the certificate it is told to trust (the embedded one is self-signed). */
export interface SubmissionAddress {
  url: string;
  tlsUrl: string;
  certFile: string | undefined;
}

export const portOf = (url: string) => Number(new URL(url).port);
const trusted = (to: SubmissionAddress) => ({ ca: to.certFile ? [readFileSync(to.certFile)] : undefined, servername: 'localhost' });

/**
 * nodemailer set up as an application's SMTP settings: host, port 587-style (STARTTLS, required) or 465-style
 * (implicit TLS), user name `mailplane`, an API key as password; the certificate verified against the one given.
 */
export function submissionTransport(
  to: SubmissionAddress,
  key: string,
  options: { implicitTls?: boolean; pool?: boolean; maxConnections?: number; localAddress?: string } = {},
) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: portOf(options.implicitTls ? to.tlsUrl : to.url),
    secure: options.implicitTls ?? false,
    requireTLS: !options.implicitTls,
    auth: { user: 'mailplane', pass: key },
    tls: trusted(to),
    ...(options.pool ? { pool: true, maxConnections: options.maxConnections ?? 5, maxMessages: Infinity } : {}),
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
}

/** A raw SMTP session, for what client libraries never do (pipelining by hand, dropping mid-DATA, AUTH before TLS). */
export interface RawSmtp {
  greeting: string;
  /** Writes a command line and resolves with its reply (every line of it). */
  command(line: string): Promise<string>;
  /** Writes bytes as they are; replies are then read with `reply`. */
  write(data: string | Buffer): void;
  reply(): Promise<string>;
  starttls(to: SubmissionAddress): Promise<void>;
  /** Resolves when the server closed the connection. */
  closed: Promise<void>;
  destroy(): void;
}

export async function rawSmtp(to: SubmissionAddress, options: { implicitTls?: boolean; localAddress?: string } = {}): Promise<RawSmtp> {
  const port = portOf(options.implicitTls ? to.tlsUrl : to.url);
  const from = options.localAddress ? { localAddress: options.localAddress } : {};
  let socket: net.Socket = options.implicitTls
    ? tls.connect({ host: '127.0.0.1', port, ...from, ...trusted(to) } as tls.ConnectionOptions)
    : net.connect({ host: '127.0.0.1', port, ...from });
  let buffered = '';
  const waiting: Array<(reply: string) => void> = [];
  const ready: string[] = [];
  let closedResolve: () => void;
  const closed = new Promise<void>((resolve) => (closedResolve = resolve));
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (
      let m = /^(?:\d{3}-[^\n]*\n)*\d{3}(?: [^\n]*)?\n/.exec(buffered);
      m;
      m = /^(?:\d{3}-[^\n]*\n)*\d{3}(?: [^\n]*)?\n/.exec(buffered)
    ) {
      buffered = buffered.slice(m[0].length);
      const reply = m[0].trimEnd();
      const waiter = waiting.shift();
      if (waiter) waiter(reply);
      else ready.push(reply);
    }
  };
  const attach = (s: net.Socket) => {
    s.on('data', onData);
    s.on('error', () => undefined);
    s.on('close', () => closedResolve());
  };
  attach(socket);
  const reply = () => new Promise<string>((resolve) => (ready.length ? resolve(ready.shift() as string) : waiting.push(resolve)));
  const session: RawSmtp = {
    greeting: '',
    command: (line) => {
      socket.write(`${line}\r\n`);
      return reply();
    },
    write: (data) => void socket.write(data),
    reply,
    async starttls(address) {
      const answer = await session.command('STARTTLS');
      if (!answer.startsWith('220')) throw new Error(`STARTTLS refused: ${answer}`);
      socket.removeAllListeners('data');
      socket.removeAllListeners('close');
      const secure = tls.connect({ socket, ...trusted(address) });
      await new Promise<void>((resolve, reject) => secure.once('secureConnect', resolve).once('error', reject));
      socket = secure;
      attach(socket);
    },
    closed,
    destroy: () => socket.destroy(),
  };
  session.greeting = await reply();
  return session;
}

/** AUTH PLAIN's initial response: authorization id (empty), user name, password. */
/** A session past STARTTLS, from `localAddress`, that has said EHLO. */
export async function encryptedSession(to: SubmissionAddress, localAddress = '127.0.0.1'): Promise<RawSmtp> {
  const session = await rawSmtp(to, { localAddress });
  await session.command('EHLO client.example');
  await session.starttls(to);
  await session.command('EHLO client.example');
  return session;
}

/** A session signed in with `key` that has opened DATA from `from` to one recipient; throws on any other reply. */
export async function sessionInData(to: SubmissionAddress, key: string, from: string, localAddress?: string): Promise<RawSmtp> {
  const session = await encryptedSession(to, localAddress);
  const replies = [await session.command(plainAuth('mailplane', key)), await session.command(`MAIL FROM:<${from}>`)];
  replies.push(await session.command('RCPT TO:<r@example.org>'), await session.command('DATA'));
  const expected = [/^235/, /^250/, /^250/, /^354/];
  replies.forEach((reply, i) => {
    if (!expected[i].test(reply)) throw new Error(`SMTP session: ${reply} where ${expected[i]} was expected`);
  });
  return session;
}

export const plainAuth = (user: string, password: string) => `AUTH PLAIN ${Buffer.from(`\0${user}\0${password}`).toString('base64')}`;

/** swaks, the outside client: exit status and everything it printed (the whole SMTP conversation). */
export function swaks(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/swaks', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, output }));
  });
}

/** swaks' arguments to reach the listener as a sender would: STARTTLS (or TLS on connect), AUTH with the key. */
export const swaksTo = (to: SubmissionAddress, key: string, options: { implicitTls?: boolean; auth?: 'PLAIN' | 'LOGIN' } = {}) => [
  '--server',
  '127.0.0.1',
  '--port',
  String(portOf(options.implicitTls ? to.tlsUrl : to.url)),
  options.implicitTls ? '--tls-on-connect' : '--tls',
  '--auth',
  options.auth ?? 'PLAIN',
  '--auth-user',
  'mailplane',
  '--auth-password',
  key,
];

// swaks speaks TLS through Perl's Net::SSLeay (Debian's libnet-ssleay-perl, which .ci/run installs with it).
const swaksUsable = spawnSync('/usr/bin/swaks', ['--version']).status === 0 && spawnSync('perl', ['-MNet::SSLeay', '-e', '1']).status === 0;

/** `describe` for the swaks tests: skipped with a warning where swaks (with TLS) is missing, an error under CI. */
export function describeWithSwaks(name: string, fn: () => void): void {
  if (swaksUsable) return describe(name, fn);
  if (process.env.CI === 'true') throw new Error(`${name}: swaks with Net::SSLeay is required under CI`);
  process.stderr.write(`SKIPPED "${name}": swaks or Perl's Net::SSLeay is not installed\n`);
  describe.skip(name, fn);
}
