import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { tenantWithDomain } from '../../../test/support/mail';
import { removeDir, startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { describeWithSwaks, sessionInData, submissionTransport, swaks, swaksTo } from '../../../test/support/submission';

const LIMIT = 15 * 1024 * 1024;
const MB45 = 45 * 1000 * 1000;
let platform: TestPlatform;
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
let dir: string;
beforeAll(async () => {
  // The default message limit (15 MiB); the listener holds at most 20 MiB of messages at once; DATA has 4 s (the
  // client shares the test's process, which a loaded machine slows), or longer at the minimum pace
  // (BODY_MIN_BYTES_PER_SECOND, 64 KiB/s): the paced 45 MB message takes longer.
  platform = await startTestPlatform({
    SEND_RATE_LIMIT: '1000',
    SMTP_SUBMISSION_MAX_BUFFERED_BYTES: String(20 * 1024 * 1024),
    SMTP_SUBMISSION_DATA_TIMEOUT_MS: '4000',
  });
  t = await tenantWithDomain(platform);
  dir = mkdtempSync(path.join(tmpdir(), 'mailplane-size-'));
});
afterAll(async () => {
  await platform.stop();
  removeDir(dir);
});

/** `bytes` of message text in lines of 998 characters, the longest SMTP allows. */
const lines = (bytes: number) => `${'x'.repeat(998)}\r\n`.repeat(Math.ceil(bytes / 1000));
const tooBig = { responseCode: 552, response: expect.stringMatching(new RegExp(`^552 5\\.3\\.4 Message too big: at most ${LIMIT} bytes`)) };

const inData = (localAddress: string) => sessionInData(platform.submission, t.key, `a@${t.domain}`, localAddress);

describe('SMTP submission: a message over the limit, however large, gets its 552 after DATA', () => {
  describeWithSwaks('from swaks', () => {
    it('when swaks sends 45 MB, then the final dot is answered 552 5.3.4 and the session goes on to QUIT', async () => {
      const file = path.join(dir, 'big.eml');
      writeFileSync(file, `From: a@${t.domain}\r\nTo: r@example.org\r\nSubject: big\r\n\r\n${lines(MB45)}`);
      const { output } = await swaks([
        ...swaksTo(platform.submission, t.key),
        '--from',
        `a@${t.domain}`,
        '--to',
        'r@example.org',
        '--data',
        `@${file}`,
      ]);
      expect(output).toMatch(new RegExp(`<~\\* 552 5\\.3\\.4 Message too big: at most ${LIMIT} bytes`));
      expect(output).toMatch(/<~ {2}221 /);
    }, 120_000);
  });

  it('when nodemailer sends 45 MB, then it is refused 552 5.3.4 and the same connection then sends a message of the right size', async () => {
    const transport = submissionTransport(platform.submission, t.key, { pool: true, maxConnections: 1 });
    try {
      const attachment = { filename: 'big.bin', content: Buffer.alloc(34 * 1000 * 1000, 7) };
      await expect(
        transport.sendMail({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'big', text: 'x', attachments: [attachment] }),
      ).rejects.toMatchObject(tooBig);
      const info = await transport.sendMail({ from: `a@${t.domain}`, to: 'r@example.org', subject: 'right size', text: 'x' });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as msg_/);
    } finally {
      transport.close();
    }
  }, 120_000);

  it('when 45 MB arrive at a fair pace over longer than the DATA deadline, then the answer is still 552 5.3.4 after the final dot', async () => {
    const transport = submissionTransport(platform.submission, t.key);
    let sent = 0;
    const paced = new Readable({
      read() {
        if (sent >= MB45) return void this.push(null);
        sent += 1000 * 1000;
        // About 5 MB/s: far above the minimum pace, 9 s in all, past the 4 s deadline.
        setTimeout(() => this.push(lines(1000 * 1000)), 200);
      },
    });
    try {
      await expect(transport.sendMail({ envelope: { from: `a@${t.domain}`, to: ['r@example.org'] }, raw: paced })).rejects.toMatchObject(
        tooBig,
      );
    } finally {
      transport.close();
    }
  }, 120_000);

  it("when a message has passed the limit and is still arriving, then it holds none of the listener's buffer: another message of 6 MB is accepted meanwhile", async () => {
    const big = await inData('127.0.0.41');
    big.write(`From: a@${t.domain}\r\nTo: r@example.org\r\nSubject: still coming\r\n\r\n${lines(LIMIT + 1024 * 1024)}`);
    const transport = submissionTransport(platform.submission, t.key, { localAddress: '127.0.0.42' });
    try {
      const attachment = { filename: 'six.bin', content: Buffer.alloc(4_400_000, 7) };
      const info = await transport.sendMail({
        from: `a@${t.domain}`,
        to: 'r@example.org',
        subject: 'meanwhile',
        text: 'x',
        attachments: [attachment],
      });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as msg_/);
    } finally {
      transport.close();
    }
    big.write('\r\n.\r\n');
    expect(await big.reply()).toMatch(new RegExp(`^552 5\\.3\\.4 Message too big: at most ${LIMIT} bytes`));
    big.destroy();
  }, 120_000);
});
