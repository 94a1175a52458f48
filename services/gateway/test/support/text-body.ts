import type { Response } from 'superagent';

/** A supertest parser that takes any body (JSON lines, say) as one UTF-8 string, whatever its media type. */
export function asText(res: Response, done: (err: Error | null, body: string) => void) {
  let text = '';
  res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  res.on('end', () => done(null, text));
}
