import type { NextFunction, Request, Response } from 'express';
import { provenClientAddress } from '@mailplane/edge';

const CLIENT = 'clientAddress';

/**
 * Who the client is, for every limit, throttle and audit record: the browser's address the dashboard proves with
 * DASHBOARD_HOP_SECRET, else `req.ip` (the last `X-Forwarded-For` hop a TRUSTED_PROXIES peer added, else the peer).
 */
export function clientAddress(hopSecret: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals[CLIENT] = provenClientAddress(req.headers, hopSecret) ?? req.ip;
    next();
  };
}

/** The request's client address as `clientAddress` settled it. */
export const clientAddressOf = (res: Response): string | undefined => res.locals[CLIENT] as string | undefined;
