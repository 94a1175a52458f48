import { AppError, type EmailReceived } from '@mailplane/contracts';
import { defaultAnalysis } from '../../inbound-config';
import { AnalysisBusyError, OverBudgetError } from '../../inbound-analysis/analysis-pool';
import type { MailDeps } from '../deps';
import { unverified, type SenderFacts } from './authenticate';
import type { ParsedInbound } from './parse';
import type { SmtpRefusal } from './recipients';

const budgetOf = (deps: MailDeps) => (deps.config.inbound?.analysis ?? defaultAnalysis).budgetMs;

export type ReadOutcome =
  { refusal: SmtpRefusal } | { parsed: ParsedInbound; sha256: string; authentication: EmailReceived['authentication'] };

/**
 * Not parsed within the budget: refused for good (554 5.6.0: the same bytes would cost as much again); checks past it leave
 * nothing verified, which `refuseUnauthenticated` refuses. A full queue is a 451 4.3.2: the sender tries again later.
 */
export async function readReceived(deps: MailDeps, raw: Buffer, sender: SenderFacts): Promise<ReadOutcome> {
  const budget = budgetOf(deps);
  try {
    const { parsed, sha256 } = await deps.inboundAnalysis.parse(raw, budget, { digest: true });
    const authentication = await deps.inboundAnalysis.authenticate(raw, sender, budget).catch(unverifiedWhenOverBudget);
    return { parsed, sha256: sha256 as string, authentication };
  } catch (err) {
    if (err instanceof OverBudgetError) return { refusal: { code: 554, message: '5.6.0 Message too costly to read here' } };
    if (err instanceof AnalysisBusyError)
      return { refusal: { code: 451, message: '4.3.2 Too busy to read your message, try again later' } };
    throw err;
  }
}

function unverifiedWhenOverBudget(err: unknown): EmailReceived['authentication'] {
  if (err instanceof OverBudgetError) return unverified();
  throw err;
}

/** A stored message read again (GET, an attachment's link) on the same threads and budget; 503 when they are too busy. */
export async function readStored(deps: MailDeps, raw: Buffer): Promise<ParsedInbound> {
  try {
    return (await deps.inboundAnalysis.parse(raw, budgetOf(deps))).parsed;
  } catch (err) {
    if (err instanceof OverBudgetError || err instanceof AnalysisBusyError)
      throw new AppError('service_busy', 'The message cannot be read now, try again later', { headers: { 'Retry-After': '5' } });
    throw err;
  }
}
