import type { NextFunction, Request, Response } from 'express';
import { AppError, type Operation } from '@mailplane/contracts';
import type { BodyLimits } from '../config';
import { bodyNotReceived, takesBody } from './body-deadline';

export const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;

/** The function `beforeBody` leaves in `res.locals`: gives back the caller's share of bodies being received. */
export const BODY_READ = 'bodyRead';

/**
 * The deadline is `timeoutMs` plus a second per `minBytesPerSecond` received, so a large body sent at a fair pace always
 * makes it and a stalled or dripping one is answered and its connection closed.
 */
export function readBody(op: Operation, limits: BodyLimits, bodyLimitBytes: number) {
  const limit = Math.min(op.maxBodyBytes, bodyLimitBytes);
  return (req: Request, res: Response, next: NextFunction) => {
    const release = (res.locals[BODY_READ] as (() => void) | undefined) ?? (() => undefined);
    if (!hasBody(req)) return (release(), next());
    if (!takesBody(op)) {
      release();
      if (!req.complete) res.setHeader('Connection', 'close');
      return next();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const started = performance.now();
    const finish = (err?: AppError) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      release();
      if (!err) {
        req.body = Buffer.concat(chunks, size);
        return next();
      }
      req.pause();
      res.setHeader('Connection', 'close');
      next(err);
    };
    const late = () => {
      const left = started + limits.timeoutMs + (size * 1000) / limits.minBytesPerSecond - performance.now();
      if (left > 0) timer = setTimeout(late, left);
      else finish(bodyNotReceived(op, 'late', limits));
    };
    let timer = setTimeout(late, limits.timeoutMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(new AppError('payload_too_large', `The request body may be at most ${limit} bytes.`));
      if (!done) chunks.push(chunk);
    });
    req.once('end', () => finish());
    req.once('error', () => finish(bodyNotReceived(op, 'cut', limits)));
    req.once('close', () => finish(bodyNotReceived(op, 'cut', limits)));
  };
}
