import type { NextFunction, Request, Response } from 'express';
import { provenClientAddress } from '@mailplane/edge';

const CLIENT = 'clientAddress';

/** For every limit, throttle and audit record: the address the dashboard proves with DASHBOARD_HOP_SECRET, else `req.ip`. */
export function clientAddress(hopSecret: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals[CLIENT] = provenClientAddress(req.headers, hopSecret) ?? req.ip;
    next();
  };
}

export const clientAddressOf = (res: Response): string | undefined => res.locals[CLIENT] as string | undefined;
