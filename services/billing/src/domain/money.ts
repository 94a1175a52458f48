// ISO 4217 currencies without minor units; the provider wants "1000" for 1000 JPY, "10.00" for 1000 EUR cents.
const ZERO_DECIMALS = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Integer minor units to the provider's amount: a decimal string with the currency's own number of decimals. */
export function providerAmount(cents: number, currency: string): { currency: string; value: string } {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`not an amount in minor units: ${cents}`);
  if (ZERO_DECIMALS.has(currency)) return { currency, value: String(cents) };
  return { currency, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
}

export function centsOf(amount: { currency: string; value: string }): number {
  const [whole, fraction = ''] = amount.value.split('.');
  if (ZERO_DECIMALS.has(amount.currency)) return Number(whole);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** One calendar month later, clamped to the month's last day (Jan 31 → Feb 28/29), in UTC. */
export function addMonth(at: Date): Date {
  const next = new Date(
    Date.UTC(
      at.getUTCFullYear(),
      at.getUTCMonth() + 1,
      1,
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return next;
}
