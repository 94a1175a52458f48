import type { RenderInput } from '../mime/render';
import type { DkimIdentity } from '../dkim/signer';
import type { RelayResult, SmtpEnvelope } from './smtp-relay';

/** Everything needed to render, sign and relay one message, in plain data that can cross to a worker thread. */
export interface TransmitJob {
  render: RenderInput;
  dkim: DkimIdentity;
  /** One SMTP transaction per envelope, all carrying the same signed message (one per recipient under VERP). */
  envelopes: SmtpEnvelope[];
  /** The delivery lease must outlast the transaction: past this, the job is answered unsent rather than begun. */
  openWithinMs?: number;
}

export interface Transmitter {
  transmit(job: TransmitJob, openBy?: number): Promise<RelayResult>;
  close(): Promise<void>;
}
