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
  };
}
