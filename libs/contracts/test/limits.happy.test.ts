// The numbers limits.ts promises, kept equal to openapi.yaml. (The API's TS types need no such test: they are
// generated from the document, src/generated/openapi.d.ts, and a test in sdk/ fails when that file is stale.)
import { validateSchema } from '../src/ajv';
import {
  PAGE,
  PRORATION_FLOOR_CENTS,
  DEFAULT_DKIM_SELECTOR,
  MAX_RECIPIENTS,
  RESERVED_HEADERS,
  RESERVED_HEADER_PREFIXES,
  isReservedHeader,
} from '../src/limits';
import { document } from '../src/openapi';

describe('limits.ts against openapi.yaml', () => {
  it('keeps limits.ts equal to the values in the document', () => {
    const params = document.components.parameters as Record<string, { schema: Record<string, number> }>;
    expect(params.Limit.schema).toMatchObject({ default: PAGE.defaultLimit, minimum: 1, maximum: PAGE.maxLimit });
    expect(params.Offset.schema).toMatchObject({ default: 0, minimum: 0, maximum: PAGE.maxOffset });
    const schemas = document.components.schemas as Record<
      string,
      { properties: Record<string, { default?: unknown; description?: string }> }
    >;
    expect(schemas.CreateIdentityRequest.properties.selector.default).toBe(DEFAULT_DKIM_SELECTOR);
    expect(schemas.Quote.properties.prorationFloorCents.description).toContain(`(${PRORATION_FLOOR_CENTS})`);
    expect((schemas.Recipients as unknown as { maxItems: number }).maxItems).toBe(MAX_RECIPIENTS);
  });

  it('refuses every reserved header name, in any case, and only those', () => {
    for (const name of RESERVED_HEADERS) {
      expect(validateSchema('HeaderName', name)).not.toEqual([]);
      expect(validateSchema('HeaderName', name.toUpperCase())).not.toEqual([]);
    }
    for (const prefix of RESERVED_HEADER_PREFIXES) {
      expect(validateSchema('HeaderName', `${prefix}Anything`)).not.toEqual([]);
      expect(validateSchema('HeaderName', `${prefix.toUpperCase()}X`)).not.toEqual([]);
      expect(isReservedHeader(`${prefix}x`)).toBe(true);
    }
    expect(validateSchema('HeaderName', 'X-Arc-Note')).toEqual([]);
    expect(validateSchema('HeaderName', 'X-Entity-Ref-ID')).toEqual([]);
    expect(validateSchema('HeaderName', 'Tox')).toEqual([]);
  });
});
