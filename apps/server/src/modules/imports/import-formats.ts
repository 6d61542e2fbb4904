import { logRows, parseLogLine } from './formats/access-log.js';
import { csvRows } from './formats/csv.js';
import { ImportFileError } from './formats/errors.js';
import { lines } from './formats/lines.js';
import { readPlausible } from './formats/plausible.js';
import { UMAMI_EVENT_COLUMNS, umamiRows, umamiSessions } from './formats/umami.js';
import type { ImportRowResult, ImportSite } from './import-hit.js';

/** One kind of import over its stored file(s): how many data rows, and the rows themselves. */
export interface ImportFormat {
  files: string[];
  /** Reads the whole file(s) once, checking their structure: a malformed file throws ImportFileError. */
  count(): Promise<number>;
  rows(): AsyncIterable<ImportRowResult>;
}

/** Lines of a log checked for its format before anything is written (the rest are checked one by one). */
const LOG_SAMPLE_LINES = 1000;

/**
 * The stored files of an import, by kind: Umami's website_event CSV (`files[0]`) and optionally its
 * session CSV (`files[1]`), Plausible's export zip, an access log.
 */
export function importFormat(kind: string, files: string[], site: ImportSite): ImportFormat {
  if (kind === 'umami') {
    const [events, sessions] = files;
    if (!events) throw new ImportFileError('an Umami import needs the website_event CSV');
    let known: Awaited<ReturnType<typeof umamiSessions>> | undefined;
    return {
      files,
      async count() {
        known = await umamiSessions(sessions);
        let n = 0;
        for await (const _ of csvRows(events, 'website_event', UMAMI_EVENT_COLUMNS)) n++;
        return n;
      },
      async *rows() {
        known ??= await umamiSessions(sessions);
        yield* umamiRows(events, site, known);
      },
    };
  }
  if (kind === 'plausible')
    return {
      files,
      count: async () => (await readPlausible(files[0]!)).read,
      rows: async function* () {},
    };
  return {
    files,
    async count() {
      let n = 0;
      let sampled = 0;
      let matched = 0;
      for await (const text of lines(files[0]!)) {
        if (text.trim() === '') continue;
        n++;
        if (sampled < LOG_SAMPLE_LINES) {
          sampled++;
          if (parseLogLine(text)) matched++;
        }
      }
      if (matched === 0) throw new ImportFileError('no line of the file is in the combined log format');
      return n;
    },
    rows: () => logRows(files[0]!, site),
  };
}
