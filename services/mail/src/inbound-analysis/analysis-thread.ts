import { createHash } from 'node:crypto';
import { workerData } from 'node:worker_threads';
import { createTxtResolver } from '../dns/resolver';
import { authenticateInbound, type SenderFacts } from '../domain/inbound/authenticate';
import { parseInbound } from '../domain/inbound/parse';
import { readReport } from '../domain/reports/parse-report';
import { serveJobs } from '../threads/serve-jobs';
import { lowerThisThreadPriority } from '../threads/thread-priority';
import type { SignatureLimits } from './bounded-signatures';

/** What `analysis-pool.ts` gives each thread. */
export interface ThreadData {
  dnsServers: string[] | undefined;
  mxHost: string;
  signatures: SignatureLimits;
}

/** One job: read a message (with the SHA-256 of its bytes when asked), check its sender's authentication, or read a delivery report. */
export type AnalysisWork =
  | { kind: 'parse'; raw: Uint8Array; digest: boolean }
  | { kind: 'authenticate'; raw: Uint8Array; sender: SenderFacts }
  | { kind: 'report'; raw: Uint8Array };

// The service's event loop comes first: a stranger's message waits for the cores, other tenants do not.
lowerThisThreadPriority(10);

const data = workerData as ThreadData;
const resolver = createTxtResolver({ servers: data.dnsServers });
const verifier = { lookup: resolver.lookup, mxHost: data.mxHost, signatures: data.signatures };

serveJobs(async (job: AnalysisWork) => {
  const raw = Buffer.from(job.raw.buffer, job.raw.byteOffset, job.raw.byteLength);
  if (job.kind === 'authenticate') return authenticateInbound(verifier, raw, job.sender);
  if (job.kind === 'report') return readReport(raw);
  const parsed = await parseInbound(raw);
  return { parsed, sha256: job.digest ? createHash('sha256').update(raw).digest('hex') : null };
});
