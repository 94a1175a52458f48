import { ApiError } from './sandbox-http';

export const AMOUNT_VALUE = /^\d+\.\d{2}$/;
export const CURRENCY = /^[A-Z]{3}$/;

interface MethodSpec {
  id: string;
  description: string;
  /** null: any currency. */
  currencies: string[] | null;
  minimum: string;
  maximum: string | null;
  recurring: boolean;
}

const METHODS: MethodSpec[] = [
  { id: 'ideal', description: 'iDEAL', currencies: ['EUR'], minimum: '0.01', maximum: '50000.00', recurring: false },
  { id: 'creditcard', description: 'Card', currencies: null, minimum: '0.01', maximum: '10000.00', recurring: true },
  { id: 'bancontact', description: 'Bancontact', currencies: ['EUR'], minimum: '0.02', maximum: '50000.00', recurring: false },
  { id: 'paypal', description: 'PayPal', currencies: null, minimum: '0.01', maximum: '8000.00', recurring: true },
];

export const METHOD_IDS = METHODS.map((method) => method.id);

/** Amount strings are validated to two decimals, so comparing cents is exact. */
export const toCents = (value: string): number => Math.round(Number(value) * 100);

/** `GET /v2/methods`. The query is read raw because `amount[value]` style keys are not something URL parsers nest. */
export function listMethods(rawQuery: string) {
  const query = new URLSearchParams(rawQuery);
  const sequenceType = query.get('sequenceType') ?? 'oneoff';
  if (!['oneoff', 'first', 'recurring'].includes(sequenceType)) throw new ApiError(422, 'The sequence type is invalid', 'sequenceType');
  const value = query.get('amount[value]');
  const currency = query.get('amount[currency]');
  if ((value === null) !== (currency === null)) throw new ApiError(422, 'The amount needs both a value and a currency', 'amount');
  if (value !== null && !AMOUNT_VALUE.test(value))
    throw new ApiError(422, 'The amount value must have exactly two decimals', 'amount.value');
  if (currency !== null && !CURRENCY.test(currency)) throw new ApiError(422, 'The amount currency is invalid', 'amount.currency');

  const shownCurrency = currency ?? 'EUR';
  const methods = METHODS.filter((method) => sequenceType !== 'recurring' || method.recurring)
    .filter((method) => value === null || supports(method, value, currency!))
    .map((method) => ({
      resource: 'method',
      id: method.id,
      description: method.description,
      minimumAmount: { value: method.minimum, currency: shownCurrency },
      maximumAmount: method.maximum === null ? null : { value: method.maximum, currency: shownCurrency },
      image: {
        size1x: `https://www.mollie.com/external/icons/payment-methods/${method.id}.png`,
        size2x: `https://www.mollie.com/external/icons/payment-methods/${method.id}%402x.png`,
        svg: `https://www.mollie.com/external/icons/payment-methods/${method.id}.svg`,
      },
      status: 'activated',
    }));
  return { count: methods.length, _embedded: { methods } };
}

function supports(method: MethodSpec, value: string, currency: string): boolean {
  if (method.currencies && !method.currencies.includes(currency)) return false;
  const cents = toCents(value);
  return cents >= toCents(method.minimum) && (method.maximum === null || cents <= toCents(method.maximum));
}
