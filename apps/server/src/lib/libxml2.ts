import type * as Libxml2Module from 'libxml2-wasm';

/**
 * libxml2 compiled to WebAssembly (libxml2-wasm), imported the first time the server checks
 * an XML file it wrote (a SEPA file, a Factur-X invoice) rather than at start: importing it
 * compiles its WebAssembly and reserves its memory, ~4 MB of resident memory (idle server
 * after login, 140.0 -> 136.5 MB, mean of 4 starts) that a server may never need.
 */
export type Libxml2 = typeof Libxml2Module;

let loading: Promise<Libxml2> | undefined;

export function libxml2(): Promise<Libxml2> {
  if (!loading) {
    loading = import('libxml2-wasm');
    // An import that failed is tried again by the next call.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

/** libxml2-wasm's Node.js side module (file input providers), loaded with it. */
export const libxml2NodeFiles = () => import('libxml2-wasm/lib/nodejs.mjs');
