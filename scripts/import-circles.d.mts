/** Import circles among files, each as `a → b → a`; edges name the importing and the imported file. */
export function importCircles(edges: readonly { from: string; to: string }[]): string[];
