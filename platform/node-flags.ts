/**
 * What every platform process is started with, beside `--import tsx` (docs/decisions/young-generation-size.md):
 * an 8 MB young generation, so that a scavenge pauses a request for ~2.4 ms instead of ~7 ms. `npm start`'s script
 * and the image's entry point spell the same flags.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8'];
