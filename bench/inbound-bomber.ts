// Issue #39's inbound bomb from a process of its own: `concurrency` SMTP clients sending messages with `signatures` DKIM
// headers and `megabytes` MB of body; prints `bombing` once sending, and one JSON line of replies on SIGTERM.
// `npx tsx bench/inbound-bomber.ts <host> <port> <to> [concurrency=2] [signatures=500] [megabytes=4]`
import nodemailer from 'nodemailer';
import { dkimBomb } from '../test/support/dkim-bomb';

const [host, portArg, to, concurrencyArg = '2', signaturesArg = '500', megabytesArg = '4'] = process.argv.slice(2);
const from = 'bomber@elsewhere.example';
const raw = dkimBomb({ from, to, signatures: Number(signaturesArg), bodyBytes: Number(megabytesArg) * 1024 * 1024 });
const answers: Record<string, number> = {};
let sent = 0;
let running = true;

async function bomber() {
  while (running) {
    const transport = nodemailer.createTransport({ host, port: Number(portArg), secure: false, tls: { rejectUnauthorized: false } });
    try {
      const info = await transport.sendMail({ envelope: { from, to: [to] }, raw });
      answers[info.response.slice(0, 3)] = (answers[info.response.slice(0, 3)] ?? 0) + 1;
    } catch (err) {
      const code = String((err as { responseCode?: number }).responseCode ?? 'error');
      answers[code] = (answers[code] ?? 0) + 1;
    } finally {
      sent += 1;
      transport.close();
    }
  }
}

process.on('SIGTERM', () => {
  running = false;
  console.log(JSON.stringify({ answers, sent }));
  process.exit(0);
});
for (let i = 0; i < Number(concurrencyArg); i++) void bomber();
console.log('bombing');
