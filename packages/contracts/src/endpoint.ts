import { z } from 'zod';

/** The declarations of calls (endpoint-core.ts, free of zod at run time) and their common schema. */
export * from './endpoint-core.js';

/** Answers with nothing but success (`data: null`). */
export const nothing = z.null();
