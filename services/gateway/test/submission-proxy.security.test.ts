import net from 'node:net';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { portOf } from '../../../test/support/submission';

let platform: TestPlatform;
beforeAll(async () => {
  // Only 127.0.0.2 is the proxy in front; every other peer is its own client.
  platform = await startTestPlatform({ SMTP_SUBMISSION_PROXY_PROTOCOL: 'true', SMTP_SUBMISSION_TRUSTED_PROXIES: '127.0.0.2' });
});
afterAll(() => platform.stop());

/**
 * Opens a connection from `localAddress` that starts with a PROXY header naming 203.0.113.9 and says EHLO after the
 * first reply; resolves with the first two replies (or what came before the server closed).
 */
function proxiedEhlo(localAddress: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: portOf(platform.submission.url), localAddress }, () =>
      socket.write(`PROXY TCP4 203.0.113.9 127.0.0.1 40000 ${portOf(platform.submission.url)}\r\n`),
    );
    let text = '';
    const replies: string[] = [];
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      for (let m = /^(?:\d{3}-[^\n]*\n)*\d{3}(?: [^\n]*)?\n/.exec(text); m; m = /^(?:\d{3}-[^\n]*\n)*\d{3}(?: [^\n]*)?\n/.exec(text)) {
        text = text.slice(m[0].length);
        replies.push(m[0].trimEnd());
        if (replies.length === 1) socket.write('EHLO client.example\r\n');
      }
      if (replies.length >= 2) {
        socket.destroy();
        resolve(replies);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(replies));
  });
}

describe('SMTP submission behind a proxy: whose PROXY header is believed', () => {
  it('when the trusted proxy opens with a PROXY header, then the session starts after it', async () => {
    const [greeting, ehlo] = await proxiedEhlo('127.0.0.2');
    expect(greeting).toMatch(/^220 /);
    expect(ehlo).toMatch(/^250-/);
  });

  it('when any other peer sends a PROXY header, then it is not believed: the line is refused as an SMTP command', async () => {
    const replies = await proxiedEhlo('127.0.0.1');
    expect(replies.join('\n')).toMatch(/^(421 .*You talk too soon|500 .*command not recognized)/m);
    expect(replies.join('\n')).not.toMatch(/^250/m);
  });
});
