import path from 'node:path';
import type { EmailReceived } from '@mailplane/contracts';
import type { Logger } from '@mailplane/runtime';
import type { SenderFacts } from '../domain/inbound/authenticate';
import type { ParsedInbound } from '../domain/inbound/parse';
import type { IncomingReport } from '../domain/reports/parse-report';
import { createBudgetedPool } from '../threads/budgeted-pool';
import type { AnalysisWork, ThreadData } from './analysis-thread';

export { OverBudgetError, PoolBusyError as AnalysisBusyError } from '../threads/budgeted-pool';

type Authentication = EmailReceived['authentication'];

export interface AnalysisPoolOptions extends ThreadData {
  threads: number;
  queueLimit: number;
  compiledTree?: string | null;
}

export interface InboundAnalyzer {
  parse(raw: Buffer, budgetMs: number, options?: { digest?: boolean }): Promise<{ parsed: ParsedInbound; sha256: string | null }>;
  authenticate(raw: Buffer, sender: SenderFacts, budgetMs: number): Promise<Authentication>;
  readReport(raw: Buffer, budgetMs: number): Promise<IncomingReport[]>;
  close(): Promise<void>;
}

const MEMORY_MB = 512;

/** Waiting (DNS answers, the cores) counts too, at most this much longer than the budget itself. */
const wallLimitOf = (budgetMs: number) => Math.max(budgetMs * 4, budgetMs + 10_000);

/** A buffer the structured clone may carry; mailparser's attachments come back as Uint8Array. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The threads' output is dropped: mailauth prints debugging lines. */
export function createAnalysisPool(options: AnalysisPoolOptions, logger: Logger): InboundAnalyzer {
  const { threads, queueLimit, compiledTree, ...data } = options;
  const pool = createBudgetedPool<AnalysisWork, unknown>({
    name: 'inbound analysis',
    module: path.join(__dirname, 'analysis-thread'),
    threads,
    queueLimit,
    budget: { kind: 'cpu', wallLimit: wallLimitOf },
    workerData: data,
    resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
    dropOutput: true,
    compiledTree,
    onThreadError: (err) => logger.warn('inbound analysis thread failed', { err }),
  });

  return {
    async parse(raw, budgetMs, { digest = false } = {}) {
      const { parsed, sha256 } = (await pool.run({ kind: 'parse', raw, digest }, budgetMs)) as {
        parsed: ParsedInbound;
        sha256: string | null;
      };
      return { parsed: { ...parsed, attachments: parsed.attachments.map((a) => ({ ...a, content: asBuffer(a.content) })) }, sha256 };
    },
    authenticate: (raw, sender, budgetMs) => pool.run({ kind: 'authenticate', raw, sender }, budgetMs) as Promise<Authentication>,
    readReport: (raw, budgetMs) => pool.run({ kind: 'report', raw }, budgetMs) as Promise<IncomingReport[]>,
    close: () => pool.close(),
  };
}
