import { type Plugin, parseAst } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
}

/**
 * Marks every top-level `const x = call(…)` of the contracts package as pure, so an unused schema is
 * dropped even when it is derived from another (`a.omit(…).extend(…)`, `plainText(64).refine(…)`):
 * the bundler otherwise keeps such calls as possible side effects, and one kept schema drags zod
 * into whichever first-load chunk shares its module (the settings module shares the user store's).
 * Contracts modules only declare schemas and constants, so no call of theirs is needed for effect.
 */
export function pureContracts(): Plugin {
  return {
    name: 'tally:pure-contracts',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/packages/contracts/src/')) return null;
      const calls: Node[] = [];
      for (const statement of parseAst(code).body as unknown as Node[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init?.type === 'CallExpression') calls.push(init);
        }
      }
      if (calls.length === 0) return null;
      let out = code;
      for (const call of calls.sort((a, b) => b.start - a.start)) {
        const wrapped = `/* @__PURE__ */ (() => (${out.slice(call.start, call.end)}))()`;
        out = out.slice(0, call.start) + wrapped + out.slice(call.end);
      }
      return { code: out, map: null };
    },
  };
}
