import { connect, type Socket } from 'node:net';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { createRoute, inboundListener, receivingTenant, sendIn } from './support/inbound';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({
    INBOUND_MAX_CONNECTIONS_PER_CLIENT: '2',
    INBOUND_RATE_LIMIT: '2',
    INBOUND_RATE_WINDOW_SECONDS: '3600',
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
    const t = await receivingTenant(platform);
    await createRoute(platform, t.key, { pattern: `*@${t.domain}`, action: { type: 'hold' } });
    const message = { from: 'a@elsewhere.example', to: `x@${t.domain}`, subject: 's', text: 'x' };
    expect((await sendIn(platform, message)).code).toBe(250);
    expect((await sendIn(platform, message)).code).toBe(250);
    const third = await sendIn(platform, message);
    expect(third.code).toBe(451);
    expect(third.response).toMatch(/^451 4\.7\.1 /);
  });
});
