import type { RelayResult } from '../../transmit/smtp-relay';

// RFC 3463 X.1.x: the address itself is bad (no such mailbox, no such domain, null MX).
const BAD_ADDRESS_STATUS = /(?:^|\s)5\.1\.(?:1|2|3|10)(?:\s|$)/;
const BAD_MAILBOX_TEXT =
  /\b(?:user unknown|unknown user|no such (?:user|mailbox|recipient)|mailbox (?:not found|does not exist)|address does not exist)\b/i;

/** Policy refusals, full mailboxes and spam rejections are 5xx too, but another message may pass, so they do not count. */
export function isHardBounce(result: Pick<RelayResult, 'outcome' | 'smtpCode' | 'response'>): boolean {
  if (result.outcome !== 'permanent' || result.smtpCode === null) return false;
  const status = result.response.slice(0, 200);
  if (BAD_ADDRESS_STATUS.test(status)) return true;
  return [550, 551, 553].includes(result.smtpCode) && !/\b5\.\d+\.\d+\b/.test(status) && BAD_MAILBOX_TEXT.test(status);
}
