/** Types of chromium.mjs. */
export declare const CHROMIUM: { executablePath: string; args: string[] };
