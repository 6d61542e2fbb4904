import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from './index.js';
import { isStorableText } from './text.js';

type Node = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

const isSchema = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && '_zod' in v && typeof (v as Node)._zod?.def?.type === 'string';

/**
 * Every schema inside `root`, whatever wraps it: object shapes, arrays, optionals, defaults, unions,
 * pipes, records, tuples, intersections, lazies… found generically from each definition's fields, so a
 * new kind of wrapper is walked too.
 */
function walk(root: Node, seen = new Set<Node>()): Node[] {
  if (seen.has(root)) return [];
  seen.add(root);
  const found: Node[] = [root];
  const def = root._zod.def;
  const visit = (v: unknown) => {
    if (isSchema(v)) found.push(...walk(v, seen));
    else if (Array.isArray(v)) for (const item of v) visit(item);
  };
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && value && typeof value === 'object')
      for (const field of Object.values(value)) visit(field);
    else if (key === 'getter' && typeof value === 'function') visit(value());
    else visit(value);
  }
  return found;
}

const POISON = ['a\u0000b', '\u0000', 'a\ud800b', '\udc00', 'x\ud83d'];

describe('no string of the contracts accepts NUL or a lone surrogate', () => {
  const exported = Object.entries(contracts).filter(([, v]) => isSchema(v)) as [string, Node][];
  const strings = exported.flatMap(([name, schema]) =>
    walk(schema)
      .filter((n) => n._zod.def.type === 'string')
      .map((n) => [name, n] as const),
  );

  it('walks every exported schema and finds their strings', () => {
    expect(exported.length).toBeGreaterThan(80);
    expect(strings.length).toBeGreaterThan(150);
  });

  it('every string schema refuses them', () => {
    const accepted: string[] = [];
    for (const [name, schema] of strings)
      for (const poison of POISON) {
        const result = schema.safeParse(poison);
        // A transform may still let the value through changed; what must never pass is the raw poison.
        if (result.success && typeof result.data === 'string' && !isStorableText(result.data))
          accepted.push(`${name}: ${JSON.stringify(poison)}`);
      }
    expect(accepted).toEqual([]);
  });

  it('the refusal names the problem', () => {
    const schema = contracts.plainText(10);
    expect(schema.safeParse('a\u0000').error?.issues.map((i) => i.message)).toContain(
      contracts.TEXT_ERRORS.nul,
    );
    expect(schema.safeParse('a\ud800').error?.issues.map((i) => i.message)).toContain(
      contracts.TEXT_ERRORS.surrogate,
    );
  });
});
