import { AppError, BODY_SHAPE_LIMITS } from '@mailplane/contracts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }
const COMMA = 0x2c;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Index of the quote that ends the string opened just before `from` (strings of megabytes are skipped, not walked). */
function endOfString(text: string, from: number): number {
  for (let at = text.indexOf('"', from); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

/**
 * One linear pass over the text, before anything recursive (validation, structuredClone, JSON.stringify on the
 * broker) touches the parsed value. Malformed JSON is left for JSON.parse to refuse.
 */
export function checkJsonShape(text: string, limits: { maxDepth: number; maxMembers: number } = BODY_SHAPE_LIMITS): void {
  let depth = 0;
  let members = 0;
  let justOpened = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (WHITESPACE.has(c)) continue;
    if (justOpened && !CLOSE.has(c)) members++;
    justOpened = false;
    if (c === QUOTE) i = endOfString(text, i + 1);
    else if (OPEN.has(c)) {
      if (++depth > limits.maxDepth) throw new AppError('body_too_deep', `Objects and arrays may nest at most ${limits.maxDepth} deep.`);
      justOpened = true;
    } else if (CLOSE.has(c)) depth--;
    else if (c === COMMA) members++;
    if (members > limits.maxMembers) throw tooComplex(limits.maxMembers);
  }
}

export function checkFormShape(text: string, limits = BODY_SHAPE_LIMITS): void {
  let fields = 1;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    if (++fields > limits.maxMembers) throw tooComplex(limits.maxMembers);
  }
}

export function checkFieldCount(count: number, limits = BODY_SHAPE_LIMITS): void {
  if (count > limits.maxMembers) throw tooComplex(limits.maxMembers);
}

const tooComplex = (max: number) =>
  new AppError('body_too_complex', `A body may hold at most ${max} members (object fields and array elements) in all.`);
