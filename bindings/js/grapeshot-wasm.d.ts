// `import wasmUrl from 'grapeshot/grapeshot.wasm'`: for bundlers that turn an imported file into its
// URL (esbuild --loader:.wasm=file, webpack's asset/resource, Rollup's url plugin, Vite's `?url`),
// to pass to createEngine({ wasmUrl }). Node cannot import a .wasm this way.
/** The URL the bundler gives grapeshot-core.wasm (relative to the bundle, or absolute). */
declare const wasmUrl: string;
export default wasmUrl;
