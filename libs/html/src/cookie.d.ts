// cookie 0.7 (express's own) ships no types. Only the entry point we use is declared.
declare module 'cookie' {
  /** Name to value; a value whose percent-encoding is malformed is returned as it came. */
  export function parse(header: string): Record<string, string | undefined>;
}
