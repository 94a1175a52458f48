/** Raised at start-up when an environment variable is missing or malformed; names the variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** What an example file writes where a real secret goes (`CHANGE-ME`, `changeme`, `replace_me`, `<password>`...). */
const PLACEHOLDER = /(^|[^a-z])(change|replace)[-_ ]?me([^a-z]|$)|^<[^>]*>$/i;

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A copy-pasted example must not run: a secret, or a URL's credentials, that is a placeholder is refused at start. */
function refusePlaceholder(name: string, value: string) {
  if (PLACEHOLDER.test(value)) throw new ConfigError(name, 'holds a placeholder (CHANGE-ME): set a secret of your own');
}

export function envReader(env: Env) {
  const raw = (name: string) => {
    const v = env[name];
    return v === undefined || v === '' ? undefined : v;
  };
  return {
    string(name: string, fallback?: string): string {
      const v = raw(name) ?? fallback;
      if (v === undefined) throw new ConfigError(name, 'is required');
      return v;
    },
    optional(name: string): string | undefined {
      return raw(name);
    },
    int(name: string, fallback: number, bounds: { min?: number; max?: number } = {}): number {
      const v = raw(name);
      if (v === undefined) return fallback;
      const n = Number(v);
      if (!Number.isInteger(n)) throw new ConfigError(name, `must be an integer, got "${v}"`);
      if (bounds.min !== undefined && n < bounds.min) throw new ConfigError(name, `must be >= ${bounds.min}`);
      if (bounds.max !== undefined && n > bounds.max) throw new ConfigError(name, `must be <= ${bounds.max}`);
      return n;
    },
    url(name: string, fallback?: string, protocols?: string[]): string {
      const v = raw(name) ?? fallback;
      if (v === undefined) throw new ConfigError(name, 'is required');
      let parsed: URL;
      try {
        parsed = new URL(v);
      } catch {
        throw new ConfigError(name, 'must be a URL');
      }
      if (protocols && !protocols.includes(parsed.protocol.replace(/:$/, ''))) {
        throw new ConfigError(name, `must use one of ${protocols.join(', ')}`);
      }
      for (const credential of [parsed.username, parsed.password]) refusePlaceholder(name, decoded(credential));
      return v;
    },
    optionalUrl(name: string, protocols?: string[]): string | undefined {
      return raw(name) === undefined ? undefined : this.url(name, undefined, protocols);
    },
    oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
      const v = raw(name) ?? fallback;
      if (!allowed.includes(v as T)) throw new ConfigError(name, `must be one of ${allowed.join(', ')}`);
      return v as T;
    },
    /** A comma list of durations such as `30s,5m,1h` (units ms, s, m, h; bare numbers are ms). */
    durations(name: string, fallback: string): number[] {
      const v = raw(name) ?? fallback;
      try {
        return v.split(',').map(parseDuration);
      } catch {
        throw new ConfigError(name, `must be a comma list of durations like 30s,5m,1h, got "${v}"`);
      }
    },
    secret(name: string, minLength: number, fallback?: string): string {
      const v = raw(name) ?? fallback;
      if (v === undefined) throw new ConfigError(name, 'is required');
      if (v.length < minLength) throw new ConfigError(name, `must be at least ${minLength} characters`);
      refusePlaceholder(name, v);
      return v;
    },
  };
}

export function parseDuration(text: string): number {
  const m = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new Error(`not a duration: ${text}`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 'ms') as 'ms'];
  return Number(m[1]) * unit;
}
