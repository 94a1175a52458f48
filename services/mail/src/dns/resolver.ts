import { Resolver } from 'node:dns/promises';

export class TxtNotFoundError extends Error {
  constructor(
    readonly code: 'ENOTFOUND' | 'ENODATA',
    readonly hostname: string,
  ) {
    super(`queryTxt ${code} ${hostname}`);
    this.name = 'TxtNotFoundError';
  }
}

export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
  /** mailauth's `resolver(name, rrtype)` contract; only TXT is answered, which is all DKIM asks for. */
  resolve(name: string, rrtype: string): Promise<string[][]>;
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
  /** Every record type mailauth asks for (SPF's A, AAAA, MX, PTR; TXT), through the same servers. */
  lookup(name: string, rrtype: string): Promise<unknown>;
  resolveCname(name: string): Promise<string[]>;
}

export function createTxtResolver(options: { servers?: string[]; timeoutMs?: number; tries?: number } = {}): TxtResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  if (options.servers?.length) resolver.setServers(options.servers);

  async function resolveTxt(name: string): Promise<string[][]> {
    try {
      return await resolver.resolveTxt(name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') throw new TxtNotFoundError(code, name);
      throw error;
    }
  }

  async function notFoundAsSuch<T>(name: string, lookup: () => Promise<T>): Promise<T> {
    try {
      return await lookup();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') throw new TxtNotFoundError(code, name);
      throw error;
    }
  }

  return {
    resolveTxt,
    async resolveCname(name) {
      try {
        return await resolver.resolveCname(name);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
        throw error;
      }
    },
    async resolve(name, rrtype) {
      if (rrtype !== 'TXT') throw new TxtNotFoundError('ENODATA', name);
      return resolveTxt(name);
    },
    resolveMx: (name) => notFoundAsSuch(name, () => resolver.resolveMx(name)),
    // mailauth reads a lookup's `code` (ENOTFOUND, ENODATA) to tell "no record" from a failure: errors go as they are.
    lookup: (name, rrtype) => resolver.resolve(name, rrtype),
  };
}
