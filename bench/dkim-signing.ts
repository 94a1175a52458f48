// CPU per message of DKIM signing, RSA-2048 alone (the default) against RSA-2048 + Ed25519, with delivery's signer:
// alternating rounds of BENCH_MESSAGES (2000), BENCH_ROUNDS (3) of each.
import { benchConfig } from './config';
import { generateDkimKeyPair, generateEd25519KeyPair } from '../services/mail/src/dkim/keys';
import { createDkimSigner, type DkimIdentity } from '../services/mail/src/dkim/signer';
import { renderMime } from '../services/mail/src/mime/render';

const MESSAGES = benchConfig.dkimMessages;
const ROUNDS = benchConfig.dkimRounds;
const DOMAIN = 'send.example.com';

async function main() {
  const rsa = await generateDkimKeyPair();
  const ed = generateEd25519KeyPair();
  const rsaOnly: DkimIdentity = { domain: DOMAIN, selector: 'mp1', privateKeyPem: rsa.privateKeyPem };
  const both: DkimIdentity = { ...rsaOnly, ed25519: { selector: 'mp1-ed25519', privateKeyPem: ed.privateKeyPem } };
  // A typical transactional message: text and HTML parts, about 3 KB.
  const raw = await renderMime({
    from: { name: 'Shop', address: `receipts@${DOMAIN}` },
    to: [{ name: 'Ana', address: 'ana@example.org' }],
    subject: 'Your receipt',
    text: 'Thanks for your order. '.repeat(60),
    html: `<p>${'Thanks for your order. '.repeat(60)}</p>`,
    messageId: 'msg_01bench',
    sendingDomain: DOMAIN,
    date: new Date(),
  });
  const signer = createDkimSigner();
  const run = (identity: DkimIdentity) => {
    const start = process.cpuUsage();
    for (let i = 0; i < MESSAGES; i++) signer.sign(raw, identity);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / MESSAGES;
  };
  run(rsaOnly);
  run(both);
  const figures = { rsa: [] as number[], both: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    figures.rsa.push(run(rsaOnly));
    figures.both.push(run(both));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [base, dual] = [median(figures.rsa), median(figures.both)];
  console.log(
    JSON.stringify(
      {
        messages: MESSAGES,
        rounds: ROUNDS,
        bytes: raw.length,
        cpuMsPerMessage: { rsaOnly: Number(base.toFixed(3)), rsaAndEd25519: Number(dual.toFixed(3)) },
        roundsCpuMsPerMessage: figures,
        ratio: Number((dual / base).toFixed(2)),
      },
      null,
      2,
    ),
  );
}

void main();
