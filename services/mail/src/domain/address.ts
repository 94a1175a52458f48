import addressparser from 'nodemailer/lib/addressparser';
import { AppError } from '@mailplane/contracts';

export interface Mailbox {
  name: string;
  address: string;
  domain: string;
}

/** One mailbox (`a@b.c` or `Name <a@b.c>`); groups and lists are refused. */
export function parseMailbox(field: string, value: string, pointer = `/${field}`): Mailbox {
  const parsed = addressparser(value, { flatten: true });
  const address = parsed.length === 1 ? parsed[0].address : undefined;
  const at = address ? address.lastIndexOf('@') : -1;
  if (!address || at < 1 || at === address.length - 1 || /[\s<>]/.test(address)) {
    throw new AppError('validation_failed', `${field} must be one email address.`, {
      extra: { errors: [{ path: pointer, message: 'not one email address' }] },
    });
  }
  return { name: parsed[0].name, address, domain: address.slice(at + 1).toLowerCase() };
}
