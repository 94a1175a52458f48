const ALPHABET = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') ALPHABET[c.charCodeAt(0)] = 1;

/** Standard-alphabet base64 without line breaks, padded or not: the shape of an attachment's `content`. */
export function isBase64(value: string): boolean {
  let end = value.length;
  while (end > 0 && value.length - end < 2 && value.charCodeAt(end - 1) === 61 /* = */) end--;
  if (end === 0) return false;
  for (let i = 0; i < end; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128 || ALPHABET[code] === 0) return false;
  }
  return true;
}
