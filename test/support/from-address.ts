import http from 'node:http';
import { submissionTransport, type SubmissionAddress } from './submission';

/**
 * A request to `url` from a chosen loopback address, so that a test can be different clients: its status,
 * Retry-After and body (text). An object body is sent as JSON, a string as it is (with the caller's content type).
 */
export function requestFrom(
  url: string,
  localAddress: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: object | string },
): Promise<{ status: number; retryAfter: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', ...options.headers };
    const req = http.request(new URL(options.path, url), { method: options.method, localAddress, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], text }));
    });
    req.on('error', reject);
    req.end(typeof options.body === 'string' ? options.body : options.body ? JSON.stringify(options.body) : undefined);
  });
}

/** POST /sessions from a chosen loopback address: its status. */
export const signInFrom = async (url: string, localAddress: string, email: string, password: string) =>
  (await requestFrom(url, localAddress, { method: 'POST', path: '/sessions', body: { email, password } })).status;

/** An SMTP submission session from a chosen loopback address, STARTTLS and AUTH with `key`: the AUTH reply's code. */
export async function smtpAuthFrom(to: SubmissionAddress, localAddress: string, key: string): Promise<number> {
  const transport = submissionTransport(to, key, { localAddress });
  try {
    await transport.verify();
    return 235;
  } catch (err) {
    return (err as { responseCode?: number }).responseCode ?? 0;
  } finally {
    transport.close();
  }
}
