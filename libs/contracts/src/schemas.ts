// The generated `components['schemas']` of openapi.yaml (sdk/src/generated/openapi.ts, `npm run generate`), for the
// `*-types.ts` modules to name.
import type { components } from '../../../sdk/src/generated/openapi';

export type Schemas = components['schemas'];
