import { renderMime } from '../dkim/render';
import { createDkimSigner } from '../dkim/signer';
import type { TransmitJob } from './build';
import { createSmtpRelay, type RelayResult } from './smtp-relay';

/** Renders, signs and relays messages; a message that cannot be rendered or signed is a permanent failure. */
export interface Transmitter {
  transmit(job: TransmitJob): Promise<RelayResult>;
  close(): Promise<void>;
}

/** The work itself, wherever it runs: on the service's event loop or in a worker thread. */
export function createLocalTransmitter(smtp: { url: string; poolSize: number }): Transmitter {
  const signer = createDkimSigner();
  const relay = createSmtpRelay(smtp.url, smtp.poolSize);
  return {
    async transmit(job) {
      let signed: string;
      try {
        signed = signer.sign(await renderMime(job.render), job.dkim);
      } catch (err) {
        return { outcome: 'permanent', smtpCode: null, response: `rendering failed: ${(err as Error).message}` };
      }
      return relay.relay(signed, job.envelope);
    },
    async close() {
      relay.close();
    },
  };
}
