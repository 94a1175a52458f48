import addressparser from 'nodemailer/lib/addressparser';
import { AppError } from '@mailplane/contracts';

export interface Mailbox {
  name: string;
  address: string;
  domain: string;
}

const notOneAddress = (field: string, pointer: string, message = 'not one email address') =>
  new AppError('validation_failed', `${field} must be one email address.`, { extra: { errors: [{ path: pointer, message }] } });

/** The only address parser of the accept path and the delivery job, so the envelope and the headers carry the same address. */
export function parseMailbox(field: string, value: string, pointer = `/${field}`): Mailbox {
  const parsed = addressparser(value, { flatten: true });
  const address = parsed.length === 1 ? parsed[0].address : undefined;
  const at = address ? address.lastIndexOf('@') : -1;
  if (!address || at < 1 || at === address.length - 1 || /[\s<>]/.test(address)) throw notOneAddress(field, pointer);
  return { name: parsed[0].name, address, domain: address.slice(at + 1).toLowerCase() };
}

// eslint-disable-next-line no-control-regex -- the controls are the point: no line break may reach a header
const CONTROL = /[\u0000-\u001f\u007f]/;

// `<`, `>`, `@` (full-width and small look-alikes fold to them under NFKC), and `=?`, which opens an RFC 2047 encoded
// word that mail clients decode for display: an address written in the name would be shown in place of the real one.
const ADDRESS_LIKE = /[<>@]|=\?/;

/**
 * No display name holding an address or its punctuation: clients show the name instead of the address (so `"billing@bank.example"
 * <me@mine.example>` reads as the bank's), and in a name holding `<…>` another parser would find another address than ours.
 */
export function acceptMailbox(field: string, value: string, pointer = `/${field}`): Mailbox {
  if (CONTROL.test(value)) throw notOneAddress(field, pointer, 'control characters (CR, LF…) in an address');
  const mailbox = parseMailbox(field, value, pointer);
  if (ADDRESS_LIKE.test(mailbox.name.normalize('NFKC'))) {
    throw new AppError('unsafe_display_name', `The display name of ${field} may not hold an address, "<", ">", "@" or an encoded word.`, {
      extra: { errors: [{ path: pointer, message: 'display name holds an address or address punctuation' }] },
    });
  }
  return mailbox;
}
