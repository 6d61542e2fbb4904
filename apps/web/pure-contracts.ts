import { type Plugin, parseAst } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  declaration?: Node | null;
  declarations?: { init?: Node | null }[];
  callee?: Node;
  name?: string;
  arguments?: Node[];
  properties?: Node[];
  key?: Node;
  value?: Node;
  shorthand?: boolean;
  specifiers?: { local: { name: string } }[];
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** What the web never reads of a call's declaration (only its method, path and access). */
const SCHEMA_KEYS = new Set(['query', 'body', 'response', 'summary']);

/** Every `endpoint({ …, query|body|response: <schema> })` property value, anywhere in the module. */
function schemaValues(node: unknown, out: Edit[] = []): Edit[] {
  if (Array.isArray(node)) {
    for (const child of node) schemaValues(child, out);
    return out;
  }
  if (typeof node !== 'object' || node === null) return out;
  const n = node as Node;
  if (n.type === 'CallExpression' && n.callee?.type === 'Identifier' && n.callee.name === 'endpoint') {
    for (const prop of n.arguments?.[0]?.properties ?? []) {
      const name = prop.key?.name;
      if (prop.type !== 'Property' || !name || !SCHEMA_KEYS.has(name) || !prop.value) continue;
      // `{ query }` is key and value in one: it becomes `query: undefined`.
      if (prop.shorthand) out.push({ start: prop.start, end: prop.end, text: `${name}: undefined` });
      else out.push({ start: prop.value.start, end: prop.value.end, text: 'undefined' });
    }
  }
  for (const [key, value] of Object.entries(n)) if (key !== 'type') schemaValues(value, out);
  return out;
}

/**
 * Replaces each descriptor's schemas with `undefined`: a page that calls `AUTH_API.login` would
 * otherwise carry the login schema, and zod with it, into `/login`'s first load.
 */
function stripSchemas(code: string): string {
  let out = code;
  for (const edit of schemaValues(parseAst(code).body).sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  }
  return out;
}

/**
 * Drops the imports nothing reads any more once the schemas are gone (`import { loginBodySchema } from
 * './auth-schemas.js'`). Under the strict execution order that inlining common chunks turns on
 * (vite.config.ts), every import is a call of the imported module's initializer, so an unread import
 * of a schema module would still put that module, and zod, in the importer's chunk. A name still
 * written anywhere else in the module (even in a comment) keeps its import.
 */
function dropUnreadImports(code: string): string {
  let out = code;
  const imports = (parseAst(code).body as unknown as Node[]).filter(
    (statement) => statement.type === 'ImportDeclaration' && (statement.specifiers?.length ?? 0) > 0,
  );
  for (const statement of imports.sort((a, b) => b.start - a.start)) {
    const rest = code.slice(0, statement.start) + code.slice(statement.end);
    const read = statement.specifiers?.some(({ local }) =>
      new RegExp(`(?<![\\w$])${local.name.replace(/\$/g, '\\$')}(?![\\w$])`).test(rest),
    );
    if (!read) out = out.slice(0, statement.start) + out.slice(statement.end);
  }
  return out;
}

/**
 * Marks every top-level `const x = call(…)` of the contracts package as pure, so an unused schema is
 * dropped even when it is derived from another (`a.omit(…).extend(…)`, `plainText(64).refine(…)`):
 * the bundler otherwise keeps such calls as possible side effects, and one kept schema drags zod
 * into whichever first-load chunk shares its module (the settings module shares the user store's).
 * Contracts modules only declare schemas and constants, so no call of theirs is needed for effect.
 * It also strips the schemas out of every call's descriptor (`stripSchemas`) and drops the imports
 * that leaves unread (`dropUnreadImports`).
 */
export function pureContracts(): Plugin {
  return {
    name: 'tally:pure-contracts',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/packages/contracts/src/')) return null;
      const stripped = dropUnreadImports(stripSchemas(code));
      const calls: Node[] = [];
      for (const statement of parseAst(stripped).body as unknown as Node[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init?.type === 'CallExpression') calls.push(init);
        }
      }
      if (calls.length === 0) return stripped === code ? null : { code: stripped, map: null };
      let out = stripped;
      for (const call of calls.sort((a, b) => b.start - a.start)) {
        const wrapped = `/* @__PURE__ */ (() => (${out.slice(call.start, call.end)}))()`;
        out = out.slice(0, call.start) + wrapped + out.slice(call.end);
      }
      return { code: out, map: null };
    },
  };
}
