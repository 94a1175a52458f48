import type { OperationHandlers } from '@mailplane/runtime';

// Operations of the contract owned by this service; those not listed answer 501 not_implemented.
export function mailHandlers(_deps: object): OperationHandlers {
  return {};
}
