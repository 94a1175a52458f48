import { renderMime } from '../mime/render';
import { createDkimSigner } from '../dkim/signer';
import { createSmtpRelay } from './smtp-relay';
import { relayEach } from './transactions';
import type { Transmitter } from './transmitter';

/** The work itself, wherever it runs: on the service's event loop or in a worker thread. */
export function createLocalTransmitter(smtp: { url: string; poolSize: number }): Transmitter {
  const signer = createDkimSigner();
  const relay = createSmtpRelay(smtp.url, smtp.poolSize);
  return {
    async transmit(job, openBy = job.openWithinMs === undefined ? undefined : Date.now() + job.openWithinMs) {
      let signed: string;
      try {
        signed = signer.sign(await renderMime(job.render), job.dkim);
      } catch (err) {
        return { outcome: 'permanent', smtpCode: null, response: `rendering failed: ${(err as Error).message}` };
      }
      return relayEach(relay, signed, job.envelopes, openBy);
    },
    async close() {
      relay.close();
    },
  };
}
