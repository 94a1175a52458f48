// The generated `components['schemas']` (src/generated/openapi.d.ts), for the `*-types.ts` modules to name.
import type { components } from './generated/openapi';

export type Schemas = components['schemas'];
