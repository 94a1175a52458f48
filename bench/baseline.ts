import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { generateDkimKeyPair, dkimTxtValue } from '../services/mail/src/dkim/keys';
import { renderMime } from '../services/mail/src/mime/render';
import { createDkimSigner } from '../services/mail/src/dkim/signer';
import { payload, sinkReaches, windowed, type RunResult } from './common';
import { assertSigned, startVerifyingSink } from './sink';
import { profileWindow } from './profile';

const DOMAIN = 'baseline.mailplane.test';
const SELECTOR = 'mp1';
export const POOL_SIZE = 10;

/** The send path reduced to renderMime, createDkimSigner (RSA-2048) and a pooled nodemailer relay like smtp-relay.ts. */
export async function runBaseline(n: number, window: number): Promise<RunResult> {
  const { dns, sink, stop } = await startVerifyingSink();
  const key = await generateDkimKeyPair();
  dns.setTxt(`${SELECTOR}._domainkey.${DOMAIN}`, [dkimTxtValue(key.publicKeyBase64)]);
  const signer = createDkimSigner();
  const identity = { domain: DOMAIN, selector: SELECTOR, privateKeyPem: key.privateKeyPem };
  const transport = nodemailer.createTransport(`smtp://127.0.0.1:${sink.port}`, {
    pool: true,
    maxConnections: POOL_SIZE,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  } as object);
  try {
    const stopProfile = await profileWindow('baseline');
    const start = performance.now();
    let accepted = 0;
    await windowed(n, window, async (i) => {
      const p = payload(i, DOMAIN);
      const raw = await renderMime({ ...p, messageId: `msg_bench${i}`, sendingDomain: DOMAIN, date: new Date() });
      const signed = signer.sign(raw, identity);
      const info = await transport.sendMail({ envelope: { from: `bench@${DOMAIN}`, to: p.to }, raw: signed });
      if (!/^250/.test(info.response ?? '')) throw new Error(`baseline send #${i}: ${info.response}`);
    });
    accepted = performance.now();
    const end = await sinkReaches(sink, n, 120_000);
    await stopProfile();
    assertSigned(sink, 'baseline');
    return { mode: 'baseline (nodemailer pool)', n, seconds: (end - start) / 1000, acceptedSeconds: (accepted - start) / 1000 };
  } finally {
    transport.close();
    await stop();
  }
}
