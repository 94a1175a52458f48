import { domainToASCII } from 'node:url';
import type { AddressObject, EmailAddress } from 'mailparser';
import { refuse } from './refusal';

export interface Mailbox {
  name: string;
  address: string;
}

const flatten = (list: EmailAddress[]): Mailbox[] =>
  list.flatMap((a) => (a.group ? flatten(a.group) : a.address ? [{ name: a.name ?? '', address: a.address }] : []));

/** Every mailbox of an address header (of each, when the header is repeated), the members of a group included. */
export const mailboxesOf = (field: AddressObject | AddressObject[] | undefined): Mailbox[] =>
  [field ?? []].flat().flatMap((header) => flatten(header.value));

/** A non-ASCII local part would need SMTPUTF8 and 8-bit headers, which the DKIM signer does not sign: RFC 6531's 553 5.6.7. */
export function asciiAddress(address: string, where: string): string {
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? domainToASCII(address.slice(at + 1)) : '';
  if (!domain) throw refuse(553, '5.1.3', `${where} ${address} is not an email address`);
  const local = address.slice(0, at);
  // eslint-disable-next-line no-control-regex -- the range is the point: anything outside ASCII
  if (/[^\x00-\x7f]/.test(local))
    throw refuse(553, '5.6.7', `${where} ${address}: non-ASCII mailbox names are not supported; use an ASCII address`);
  return `${local}@${domain}`;
}

/** The name is quoted whole, so commas and the like stay in it; the API's rules for names then apply to it. */
export function asSendMailbox(mailbox: Mailbox, where: string): string {
  const address = asciiAddress(mailbox.address, where);
  const name = mailbox.name.replace(/["\\]/g, '').trim();
  return name ? `"${name}" <${address}>` : address;
}
