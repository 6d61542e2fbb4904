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

/** The header's column names, lower-cased ('' for an empty file): tells an export's tables apart. */
export async function csvHeader(path: string): Promise<string[]> {
  for await (const batch of lines(path))
    if (batch.length > 0)
      return splitCsv(batch[0]!.replace(/^\uFEFF/, '')).map((h) => h.trim().toLowerCase());
  return [];
}

/** Fields in a record, without building them (the counting pass over a large file). */
const fieldCount = (record: string): number => {
  if (record.includes('"')) return splitQuoted(record).length;
  let n = 1;
  for (let i = record.indexOf(','); i !== -1; i = record.indexOf(',', i + 1)) n++;
  return n;
};

/**
 * Records of a CSV file (RFC 4180; a quoted field may hold line breaks; gzip accepted), after its
 * header, in batches (one per read of the file). `required` columns must be in the header, else the
 * file is refused before any row is read; a record with another number of fields than the header
 * refuses the whole file, naming its line.
 */
export function csvRows(path: string, name: string, required: readonly string[]): AsyncGenerator<CsvRow[]> {
  return records(path, name, required, true, (line, fields, header) => ({
    line,
    get: (column) => fields![header.get(column) ?? -1] ?? '',
  }));
}

/** How many records `csvRows` would give, checking the file the same way. */
export async function csvCount(path: string, name: string, required: readonly string[]): Promise<number> {
  let n = 0;
  for await (const batch of records(path, name, required, false, () => 0)) n += batch.length;
  return n;
}

async function* records<T>(
  path: string,
  name: string,
  required: readonly string[],
  split: boolean,
  make: (line: number, fields: string[] | undefined, header: Map<string, number>) => T,
): AsyncGenerator<T[]> {
  let header: Map<string, number> | undefined;
  let width = 0;
  let pending = '';
  let lineNo = 0;
  let startLine = 0;
  for await (const batch of lines(path)) {
    const out: T[] = [];
    for (const raw of batch) {
      lineNo++;
      const text = pending ? `${pending}\n${raw}` : raw;
      if (!pending) startLine = lineNo;
      // An odd number of quotes so far (a pending record has an odd number): a quoted field goes on
      // over the line break.
      const odd = quotes(raw) % 2 === 1;
      if (pending ? !odd : odd) {
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
      const fields = split ? splitCsv(text) : undefined;
      const count = fields ? fields.length : fieldCount(text);
      if (count !== width)
        throw new ImportFileError(
          `line ${startLine}: ${count} fields where the header of ${name} has ${width}`,
        );
      out.push(make(startLine, fields, header));
    }
    if (out.length > 0) yield out;
  }
  if (pending) throw new ImportFileError(`line ${startLine}: a quoted field of ${name} is never closed`);
  if (!header) throw new ImportFileError('the file is empty');
}
