import { AppError } from '@mailplane/contracts';

export const MAX_SCHEDULE_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

const invalid = (pointer: string, message: string) =>
  new AppError('validation_failed', `scheduledAt ${message}.`, { extra: { errors: [{ path: pointer, message }] } });

/** Null for a send now; the contract has checked the RFC 3339 form. */
export function scheduleTimeOf(input: { scheduledAt?: string }, now: Date, pointer = '/body/scheduledAt'): Date | null {
  if (input.scheduledAt === undefined) return null;
  const at = new Date(input.scheduledAt);
  if (Number.isNaN(at.getTime())) throw invalid(pointer, 'must be an RFC 3339 date-time');
  if (at.getTime() <= now.getTime()) throw invalid(pointer, `must be in the future (it is ${now.toISOString()} now)`);
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS) {
    throw invalid(
      pointer,
      `must be at most ${MAX_SCHEDULE_DAYS} days ahead (until ${new Date(now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS).toISOString()})`,
    );
  }
  return at;
}
