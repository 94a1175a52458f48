/**
 * An 8 MB young generation: a scavenge pauses a request ~2.4 ms, not ~7 ms (docs/decisions/young-generation-size.md);
 * workspace packages load from their TypeScript source. `npm start` and the image's entry point spell the same flags.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8', '--conditions=mailplane-source'];
