// The generated `components['schemas']` of openapi.yaml (src/generated/openapi.d.ts, `npm run generate`), for the
// `*-types.ts` modules to name.
import type { components } from './generated/openapi';

export type Schemas = components['schemas'];
