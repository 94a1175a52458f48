import { AppError, internalRequest, SEND_SYSTEM_EMAIL_OPERATION, type SendEmailRequest, type SendResult } from '@mailplane/contracts';
import type { GatewayDeps } from './deps';

/** Never a name a tenant or member chose: the platform's own sender signs it, so whatever it says, the platform says. */
export interface SystemMail {
  to: string;
  subject: string;
  text: string;
}

export const systemMailConfigured = (deps: Pick<GatewayDeps, 'config'>) => deps.config.systemMail !== undefined;

export const systemMailNotConfigured = () =>
  new AppError('system_mail_not_configured', 'The operator has not set SYSTEM_MAIL_TENANT_ID and SYSTEM_MAIL_FROM: no mail can be sent.');

/** The configured tenant; `sandbox` is the embedded default's, whose id is made on its first start. */
async function senderTenant(deps: Pick<GatewayDeps, 'config' | 'tenants'>): Promise<string> {
  const configured = deps.config.systemMail?.tenantId;
  if (!configured) throw systemMailNotConfigured();
  if (configured !== 'sandbox') return configured;
  const sandbox = await deps.tenants.findSandbox();
  if (!sandbox) throw systemMailNotConfigured();
  return sandbox._id;
}

/** Outside the sender's quota and suppression list (the caller takes `systemMailBudget` first); never logged: the text holds a token. */
export async function sendSystemMail(
  deps: Pick<GatewayDeps, 'config' | 'tenants' | 'services' | 'logger'>,
  mail: SystemMail,
  requestId: string,
  /** The tenant whose member's request causes the mail: its share of mail's capacity is taken, not the sender's. */
  causedBy: string,
): Promise<SendResult> {
  const tenantId = await senderTenant(deps);
  const body: SendEmailRequest = {
    from: (deps.config.systemMail as { from: string }).from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
  };
  const request = internalRequest(SEND_SYSTEM_EMAIL_OPERATION, requestId, tenantId, body);
  const reply = await deps.services.forward('mail', request, deps.services.admit('mail', causedBy)).catch((err: unknown) => ({
    status: err instanceof AppError ? err.status : 500,
    body: { code: err instanceof AppError ? err.code : 'internal' },
  }));
  if (reply.status === 202) return reply.body as SendResult;
  const code = (reply.body as { code?: string } | null)?.code;
  deps.logger.warn('system mail refused', { tenantId, status: reply.status, code, requestId });
  throw new AppError('system_mail_failed', `The platform could not send its mail (${code ?? reply.status}); nothing was done.`);
}
