import { AppError } from '@mailplane/contracts';
import { authenticate, type AuthDeps, type Principal } from '../../domain/authenticate';
import type { AuthThrottle } from './auth-throttle';
import { refuse, SmtpRefusal } from './refusal';

export const SUBMISSION_USER = 'mailplane';

export type SmtpAuthDeps = AuthDeps & { throttle: AuthThrottle };

/**
 * A client past its failures is answered `454 4.7.0` without a look at what it sent. A store that cannot be read is a
 * temporary failure (454), not the client's.
 */
export async function authenticateSmtp(
  deps: SmtpAuthDeps,
  credentials: { username: string; password: string; address: string },
): Promise<Principal> {
  try {
    return await counted(deps, credentials);
  } catch (err) {
    if (err instanceof SmtpRefusal) throw err;
    deps.logger.warn('submission sign-in could not read the store', { err });
    throw refuse(454, '4.7.0', 'Temporary authentication failure; try again');
  }
}

async function counted(deps: SmtpAuthDeps, credentials: { username: string; password: string; address: string }): Promise<Principal> {
  const waitMs = await deps.throttle.waitFor(credentials.address);
  if (waitMs > 0) {
    throw refuse(454, '4.7.0', `Too many failed authentications from your address; try again in ${Math.ceil(waitMs / 1000)} s`);
  }
  let principal: Principal;
  try {
    if (credentials.username.toLowerCase() !== SUBMISSION_USER) throw new AppError('unauthorized');
    principal = await authenticate(deps, credentials.password, 'sending');
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await deps.throttle.failed(credentials.address);
    throw refuse(535, '5.7.8', `Authentication credentials invalid: the user name is ${SUBMISSION_USER} and the password an API key`);
  }
  // A success forgets nothing: a stranger holding one key of their own could otherwise reset their budget between guesses.
  return principal;
}

/** Each transaction asks again whether the session's key still holds (a key revoked mid-session sends no more). */
export async function stillValid(deps: SmtpAuthDeps, password: string | undefined): Promise<void> {
  try {
    await authenticate(deps, password, 'sending');
  } catch (err) {
    if (!(err instanceof AppError)) throw refuse(451, '4.3.0', 'Temporary failure reading the API key; try again');
    throw refuse(530, '5.7.0', 'The API key is no longer valid; connect and authenticate again');
  }
}
