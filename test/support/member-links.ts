import request from 'supertest';
import { totpCode } from '@mailplane/gateway';
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

/** Turns a member's second factor on through the API; what an authenticator app would show next, and the recovery codes. */
export async function enrollTotp(platform: Pick<PlatformUnderTest, 'url'>, sessionToken: string) {
  const auth = { Authorization: `Bearer ${sessionToken}` };
  const started = await request(platform.url).post('/me/totp').set(auth).expect(201);
  const at = new Date();
  const confirmed = await request(platform.url)
    .post('/me/totp/confirm')
    .set(auth)
    .send({ code: totpCode(started.body.secret, at) })
    .expect(200);
  // The confirming code is spent: the next step's is the first good for a sign-in.
  const nextCode = () => totpCode(started.body.secret, new Date(at.getTime() + 30_000));
  return { secret: started.body.secret as string, nextCode, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}
