import fc from 'fast-check';
import { deref } from '@mailplane/contracts';

export type Schema = Record<string, unknown>;

const resolve = (schema: unknown): Schema => deref((schema ?? {}) as Schema);

// fast-check's regex generator has no lookahead: generate from the rest and keep what the whole pattern takes.
const LEADING_LOOKAHEAD = /^\^\(\?!(?:[^()]|\([^()]*\))*\)/;
function matching(pattern: string): fc.Arbitrary<string> {
  const full = new RegExp(pattern, 'u');
  let withoutLookahead = pattern;
  while (LEADING_LOOKAHEAD.test(withoutLookahead)) withoutLookahead = withoutLookahead.replace(LEADING_LOOKAHEAD, '^');
  const arb = fc.stringMatching(new RegExp(withoutLookahead, 'u'));
  return withoutLookahead === pattern ? arb : arb.filter((s) => full.test(s));
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 300;
  if (schema.format === 'email') return fc.emailAddress().filter((s) => s.length <= max);
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'byte') return fc.base64String({ minLength: Math.max(4, min), maxLength: 400 });
  if (schema.format === 'uri') return fc.webUrl({ validSchemes: ['https'] }).filter((s) => s.length <= max);
  if (typeof schema.pattern === 'string') {
    // One repeated class with a length floor (a tracking token: `^[…]+$`, 16 to 4,096): generate those lengths, since
    // fast-check's `+` keeps strings short and filtering for 16 characters would reject nearly every one, for ever.
    const repeated = /^\^(\[[^\]]+\])[+*]\$$/.exec(schema.pattern);
    if (repeated && min > 1) return fc.stringMatching(new RegExp(`^${repeated[1]}{${min},${Math.min(max, min + 64)}}$`, 'u'));
    return matching(schema.pattern).filter((s) => s.length >= min && s.length <= max);
  }
  return fc.string({ minLength: min, maxLength: Math.min(max, 300), unit: 'grapheme' });
}

function objectOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = (schema.required as string[] | undefined) ?? [];
  const model = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, validValue(s)]));
  const extra = schema.additionalProperties;
  const record = fc.record(model, { requiredKeys: required.filter((r) => r in model) });
  const oneOfRequired = ((schema.anyOf ?? []) as Schema[]).flatMap((s) => (s.required as string[] | undefined) ?? []);
  const withExtras =
    extra && typeof extra === 'object'
      ? fc
          .tuple(record, fc.dictionary(stringOf(resolve(resolve(schema.propertyNames) ?? {})), validValue(extra), { maxKeys: 3 }))
          .map(([known, more]) => ({ ...more, ...known }))
      : record;
  // `anyOf: [{required: [text]}, {required: [html]}]` and `minProperties`: add one of the named fields when missing.
  return withExtras.chain((value) => {
    const needsOne = oneOfRequired.length > 0 && !oneOfRequired.some((k) => k in value);
    const needsAny = typeof schema.minProperties === 'number' && Object.keys(value).length < schema.minProperties;
    const candidates = needsOne ? oneOfRequired : needsAny ? Object.keys(model) : [];
    if (candidates.length === 0) return fc.constant(value);
    return fc.constantFrom(...candidates).chain((k) => model[k].map((v) => ({ ...value, [k]: v })));
  });
}

/** Values the schema accepts (mostly: a few formats are approximated), built from the document's own keywords. */
export function validValue(raw: unknown): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.allOf) && !schema.type) return validValue({ ...resolve(schema.allOf[0]), ...schema, allOf: undefined });
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  return fc.oneof(...types.map((type) => valueOfType(type, schema)));
}

function valueOfType(type: string | undefined, schema: Schema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: (schema.minimum as number) ?? -1_000_000, max: (schema.maximum as number) ?? 1_000_000 });
    case 'number':
      return fc.double({ min: (schema.minimum as number) ?? -1e6, max: (schema.maximum as number) ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = validValue(schema.items);
      const constraints = { minLength: (schema.minItems as number) ?? 0, maxLength: Math.min((schema.maxItems as number) ?? 5, 5) };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(items, constraints);
    }
    case 'object':
      return objectOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
