import {
  AppError,
  SUBMIT_EMAIL_OPERATION,
  isErrorCode,
  validateSchema,
  type RpcReply,
  type SendResult,
  type SubmittedEmail,
} from '@mailplane/contracts';
import type { ServicesRpc } from '../../data-access/services-rpc';
import type { Principal } from '../../domain/authenticate';
import { parseSubmission } from './parse-message';

export interface SubmissionDeps {
  services: Pick<ServicesRpc, 'admit' | 'forward'>;
}

/** `replayed`: accepted before, with the same Message-ID. */
export interface Submitted extends SendResult {
  replayed: boolean;
}

/** A message to Bcc recipients only has no `to`, which the API requires: it is checked as if they were in it. */
function checkContract({ email }: SubmittedEmail): void {
  const asSent = email.to.length === 0 ? { ...email, to: email.bcc } : email;
  const errors = validateSchema('SendEmailRequest', asSent).map((issue) => ({ ...issue, path: `/body${issue.path}` }));
  if (errors.length) throw new AppError('validation_failed', 'The message does not meet the rules of a send.', { extra: { errors } });
}

function refusalIn(reply: RpcReply): AppError {
  const problem = reply.body as { code?: unknown; detail?: string; errors?: unknown; limit?: unknown };
  const code = isErrorCode(problem?.code) ? problem.code : 'internal';
  return new AppError(code, problem?.detail, { extra: { errors: problem?.errors }, headers: reply.headers });
}

/**
 * The place in mail's line is taken only once the whole DATA has arrived, against the tenant's share: a session that
 * stalls mid-DATA holds no place, and one tenant's sessions cannot fill the line.
 */
export async function submitMessage(
  deps: SubmissionDeps,
  sender: Principal,
  message: { raw: Buffer; recipients: string[]; requestId: string },
): Promise<Submitted> {
  const submitted = await parseSubmission(message.raw, message.recipients);
  checkContract(submitted);
  const place = deps.services.admit('mail', sender.tenantId);
  const reply = await deps.services.forward(
    'mail',
    {
      operationId: SUBMIT_EMAIL_OPERATION,
      requestId: message.requestId,
      tenantId: sender.tenantId,
      keyId: sender.type === 'key' ? sender.id : null,
      keyDomain: sender.type === 'key' ? sender.domain : null,
      params: {},
      query: {},
      body: submitted,
      headers: {},
      contentType: 'application/json',
    },
    place,
  );
  if (reply.status !== 202) throw refusalIn(reply);
  return { ...(reply.body as SendResult), replayed: reply.headers?.['Idempotent-Replayed'] === 'true' };
}
