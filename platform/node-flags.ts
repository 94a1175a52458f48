/**
 * What every platform process is started with, beside `--import tsx`: an 8 MB young generation, so that a scavenge
 * pauses a request for ~2.4 ms instead of ~7 ms (docs/decisions/young-generation-size.md), and the export condition
 * under which a workspace package is loaded from its TypeScript source (the SDK's `mailplane-source`, beside the
 * built `dist/` it publishes). `npm start`'s script and the image's entry point spell the same flags.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8', '--conditions=mailplane-source'];
