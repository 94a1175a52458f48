import type { SinkMessage } from '../../sandbox/smtp-sink';
import type { PlatformUnderTest } from './platform';

/** The link to the dashboard's `page` in a mail the sandbox MTA received, and its token. */
export function linkIn(message: SinkMessage, page: string): { url: URL; token: string } {
  const found = message.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === page);
  if (!found) throw new Error(`no ${page} link in: ${message.text}`);
  const url = new URL(found);
  return { url, token: url.searchParams.get('token') as string };
}

/** The next mail the sandbox MTA receives for `to` whose subject matches, and its link to `page`. */
export async function mailedLink(platform: Pick<PlatformUnderTest, 'sandbox'>, to: string, subject: RegExp, page: string) {
  const message = await platform.sandbox.sink.waitFor((m) => m.envelope.to.includes(to) && subject.test(m.subject), 15_000);
  return { message, ...linkIn(message, page) };
}
