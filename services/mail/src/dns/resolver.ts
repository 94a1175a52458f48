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

/** A lookup that got no answer: a timeout, SERVFAIL, a refusal or an unreachable server. Nothing says the record is absent. */
export class DnsUnavailableError extends Error {
  constructor(
    readonly code: string,
    readonly hostname: string,
  ) {
    super(`DNS lookup of ${hostname} failed (${code})`);
    this.name = 'DnsUnavailableError';
  }
}

/** "No such record" as `TxtNotFoundError`, any other failure as `DnsUnavailableError`. */
function classified(error: unknown, name: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'ENODATA') return new TxtNotFoundError(code, name);
  return new DnsUnavailableError(code ?? 'EUNKNOWN', name);
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

  async function classifying<T>(name: string, lookup: () => Promise<T>): Promise<T> {
    try {
      return await lookup();
    } catch (error) {
      throw classified(error, name);
    }
  }

  const resolveTxt = (name: string) => classifying(name, () => resolver.resolveTxt(name));

  return {
    resolveTxt,
    async resolveCname(name) {
      try {
        return await classifying(name, () => resolver.resolveCname(name));
      } catch (error) {
        if (error instanceof TxtNotFoundError) return [];
        throw error;
      }
    },
    async resolve(name, rrtype) {
      if (rrtype !== 'TXT') throw new TxtNotFoundError('ENODATA', name);
      return resolveTxt(name);
    },
    resolveMx: (name) => classifying(name, () => resolver.resolveMx(name)),
    // mailauth reads a lookup's `code` (ENOTFOUND, ENODATA) to tell "no record" from a failure: errors go as they are.
    lookup: (name, rrtype) => resolver.resolve(name, rrtype),
  };
}
