import { ImportFileError } from './errors.js';
import { lines } from './lines.js';

/** A data row of a CSV file: its fields by header name, and its line number (the header is line 1). */
export interface CsvRow {
  line: number;
  get(column: string): string;
}

function splitQuoted(text: string): string[] {
  const out: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
    i++;
  }
  out.push(field);
  return out;
}

/** One record's fields (RFC 4180: quotes around fields, `""` inside them); the common unquoted case is a split. */
export const splitCsv = (record: string): string[] =>
  record.includes('"') ? splitQuoted(record) : record.split(',');

const quotes = (s: string) => {
  let n = 0;
  for (let i = s.indexOf('"'); i !== -1; i = s.indexOf('"', i + 1)) n++;
  return n;
};

/**
 * Records of a CSV file (RFC 4180; a quoted field may hold line breaks; gzip accepted), after its
 * header. `required` columns must be in the header, else the file is refused before any row is read;
 * a record with another number of fields than the header refuses the whole file, naming its line.
 */
export async function* csvRows(
  path: string,
  name: string,
  required: readonly string[],
): AsyncGenerator<CsvRow> {
  let header: Map<string, number> | undefined;
  let width = 0;
  let pending = '';
  let lineNo = 0;
  let startLine = 0;
  for await (const raw of lines(path)) {
    lineNo++;
    const text = pending ? `${pending}\n${raw}` : raw;
    if (!pending) startLine = lineNo;
    // An odd number of quotes so far: a quoted field goes on over the line break.
    if (quotes(text) % 2 === 1) {
      pending = text;
      continue;
    }
    pending = '';
    if (!header) {
      const names = splitCsv(text.replace(/^\uFEFF/, '')).map((h) => h.trim().toLowerCase());
      header = new Map(names.map((h, i) => [h, i]));
      width = names.length;
      for (const column of required)
        if (!header.has(column)) throw new ImportFileError(`missing column ${column} in ${name}`);
      continue;
    }
    if (text === '') continue;
    const fields = splitCsv(text);
    if (fields.length !== width)
      throw new ImportFileError(
        `line ${startLine}: ${fields.length} fields where the header of ${name} has ${width}`,
      );
    const index = header;
    yield { line: startLine, get: (column) => fields[index.get(column) ?? -1] ?? '' };
  }
  if (pending) throw new ImportFileError(`line ${startLine}: a quoted field of ${name} is never closed`);
  if (!header) throw new ImportFileError('the file is empty');
}
