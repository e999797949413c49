// Wrangler (and workerd in tests) import a .wasm file as a compiled WebAssembly module.
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}
