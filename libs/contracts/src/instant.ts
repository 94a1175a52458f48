import { fullFormats } from 'ajv-formats/dist/formats';

const dateTimeFormat = fullFormats['date-time'] as { validate: (value: string) => boolean };

const PARTS = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(\.\d+)?(?:[Zz]|([+-])(\d\d)(?::?(\d\d))?)$/;

/**
 * An RFC 3339 date-time as the canonical UTC instant `toISOString()` writes, or undefined. A leap second (`23:59:60Z`)
 * is the next second: `new Date()` would make it an Invalid Date.
 */
export function canonicalInstant(value: string): string | undefined {
  const m = dateTimeFormat.validate(value) ? PARTS.exec(value) : null;
  if (!m) return undefined;
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHours, offsetMinutes] = m;
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Math.min(Number(second), 59), Math.floor(Number(fraction ?? 0) * 1000));
  const leap = Number(second) === 60 ? 1000 : 0;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes ?? 0)) * 60_000 : 0;
  const instant = new Date(date.getTime() + leap - offset);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}
