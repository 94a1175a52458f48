import { connect, type Socket } from 'node:net';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { rawSmtp } from '../../../test/support/submission';
import { inboundListener, sendIn, holdingTenant } from '../../../test/support/inbound';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({
    INBOUND_MAX_CONNECTIONS_PER_CLIENT: '2',
    INBOUND_RATE_LIMIT: '2',
    INBOUND_RATE_WINDOW_SECONDS: '3600',
    INBOUND_MAX_BYTES: '100000',
    INBOUND_RATE_BYTES: '150000',
    INBOUND_RATE_BYTES_WINDOW_SECONDS: '3600',
  });
});
afterAll(() => platform.stop());

/** A client connection and the first line the listener sends it (its greeting or its refusal). */
function greeting(): Promise<{ socket: Socket; line: string }> {
  const { host, port } = inboundListener(platform);
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    socket.once('data', (chunk) => resolve({ socket, line: chunk.toString().split('\r\n')[0] }));
    socket.once('error', reject);
  });
}

describe('inbound client limits', () => {
  it('when one address holds INBOUND_MAX_CONNECTIONS_PER_CLIENT connections, then its next one is told 421 and one closed makes room', async () => {
    const held = [await greeting(), await greeting()];
    expect(held.map((h) => h.line.slice(0, 3))).toEqual(['220', '220']);
    const third = await greeting();
    expect(third.line).toMatch(/^421 4\.7\.0 /);
    third.socket.destroy();
    await new Promise<void>((resolve) => held[0].socket.once('close', () => resolve()).destroy());
    // The listener hears the close a moment after the client: the next greeting comes once it has.
    let next = await greeting();
    for (let tries = 0; next.line.startsWith('421') && tries < 50; tries++) {
      next.socket.destroy();
      await new Promise((r) => setImmediate(r));
      next = await greeting();
    }
    expect(next.line.slice(0, 3)).toBe('220');
    for (const s of [held[1].socket, next.socket]) s.destroy();
  });

  it('when one address opens more than INBOUND_RATE_LIMIT transactions in a window, then MAIL FROM is told 451 4.7.1', async () => {
    const t = await holdingTenant(platform);
    const message = { from: 'a@elsewhere.example', to: `x@${t.domain}`, subject: 's', text: 'x' };
    expect((await sendIn(platform, message)).code).toBe(250);
    expect((await sendIn(platform, message)).code).toBe(250);
    const third = await sendIn(platform, message);
    expect(third.code).toBe(451);
    expect(third.response).toMatch(/^451 4\.7\.1 /);
  });

  describe('bytes from one address', () => {
    /** A held route's tenant, and a sending MTA on a loopback address of its choice (each address has budgets of its own). */
    async function setUp() {
      const t = await holdingTenant(platform);
      const message = (kb: number) => ({ from: 'a@elsewhere.example', to: `x@${t.domain}`, subject: 's', text: 'x'.repeat(kb * 1000) });
      const sendFrom = (localAddress: string, kb: number) => sendIn(platform, message(kb), { localAddress });
      return { t, sendFrom };
    }

    it('when an address has sent INBOUND_RATE_BYTES in a window, then its next MAIL FROM is told 451 4.7.1 while another address is served', async () => {
      const { sendFrom } = await setUp();
      expect((await sendFrom('127.0.0.3', 80)).code).toBe(250);
      expect((await sendFrom('127.0.0.3', 80)).code).toBe(250);
      const over = await sendFrom('127.0.0.3', 1);
      expect(over.code).toBe(451);
      expect(over.response).toMatch(/^451 4\.7\.1 Too much mail from your address/);
      expect((await sendFrom('127.0.0.4', 1)).code).toBe(250);
    });

    it('when a MAIL FROM declares a SIZE past what is left of the address’s bytes, then it is told 451 4.7.1 before any byte is sent, and a smaller one is taken', async () => {
      const { t, sendFrom } = await setUp();
      expect((await sendFrom('127.0.0.5', 90)).code).toBe(250);
      const url = platform.inboundUrl!;
      const session = await rawSmtp({ url, tlsUrl: url, certFile: undefined }, { localAddress: '127.0.0.5' });
      try {
        await session.command('EHLO client.example');
        expect(await session.command('MAIL FROM:<a@elsewhere.example> SIZE=70000')).toMatch(/^451 4\.7\.1 Too much mail/);
        expect(await session.command('MAIL FROM:<a@elsewhere.example> SIZE=1000')).toMatch(/^250/);
        expect(await session.command(`RCPT TO:<y@${t.domain}>`)).toMatch(/^250/);
      } finally {
        session.destroy();
      }
    });
  });
});
