/** fontkit ships no types: the one function the server calls (the font it returns is typed where used). */
declare module 'fontkit' {
  export function create(bytes: Uint8Array, postscriptName?: string): unknown;
}
