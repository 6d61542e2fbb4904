/** Types of precompress.mjs, for the server's tests. */
export function precompress(dir: string): { file: string; raw: number; br: number; gz: number }[];
