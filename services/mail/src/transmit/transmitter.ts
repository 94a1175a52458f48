import type { RenderInput } from '../dkim/render';
import type { DkimIdentity } from '../dkim/signer';
import type { RelayResult } from './smtp-relay';

/** Everything needed to render, sign and relay one message, in plain data that can cross to a worker thread. */
export interface TransmitJob {
  render: RenderInput;
  dkim: DkimIdentity;
  envelope: { from: string; to: string };
}

/** Renders, signs and relays messages; a message that cannot be rendered or signed is a permanent failure. */
export interface Transmitter {
  transmit(job: TransmitJob): Promise<RelayResult>;
  close(): Promise<void>;
}
