import { Resolver } from 'node:dns/promises';

/** The name has no TXT record: NXDOMAIN (`ENOTFOUND`) or no data of that type (`ENODATA`). */
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
  /** Each record as its character-strings; join a record's strings to read it. */
  resolveTxt(name: string): Promise<string[][]>;
  /** mailauth's `resolver(name, rrtype)` contract; only TXT is answered, which is all DKIM asks for. */
  resolve(name: string, rrtype: string): Promise<string[][]>;
  /** A domain's MX records (an identity that receives); TxtNotFoundError when it has none. */
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
  /** Every record type mailauth asks for (SPF's A, AAAA, MX, PTR; TXT), through the same servers. */
  lookup(name: string, rrtype: string): Promise<unknown>;
  /** The targets of the name's CNAME record (a tracking domain's); none when it has none. */
  resolveCname(name: string): Promise<string[]>;
}

/** The same code serves production (system or configured DNS) and tests (the sandbox DNS server). */
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
