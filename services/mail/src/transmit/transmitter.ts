import type { RenderInput } from '../mime/render';
import type { DkimIdentity } from '../dkim/signer';
import type { RelayResult, SmtpEnvelope } from './smtp-relay';

/** Everything needed to render, sign and relay one message, in plain data that can cross to a worker thread. */
export interface TransmitJob {
  render: RenderInput;
  dkim: DkimIdentity;
  /** One SMTP transaction per envelope, all carrying the same signed message (one per recipient under VERP). */
  envelopes: SmtpEnvelope[];
  /**
   * How long from now the SMTP transaction may still begin; later, the job is answered `temporary` unsent.
   * The delivery lease must outlast the transaction, so a job that waited too long for a connection is not begun.
   */
  openWithinMs?: number;
}

/** Renders, signs and relays messages; a message that cannot be rendered or signed is a permanent failure. */
export interface Transmitter {
  /** `openBy` (wall-clock ms) overrides `job.openWithinMs`, for a job handed on from another thread. */
  transmit(job: TransmitJob, openBy?: number): Promise<RelayResult>;
  close(): Promise<void>;
}
