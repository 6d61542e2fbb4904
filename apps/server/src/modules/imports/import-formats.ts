import { logRows, parseLogLine } from './formats/access-log.js';
import { csvCount, csvHeader } from './formats/csv.js';
import { ImportFileError } from './formats/errors.js';
import { lines } from './formats/lines.js';
import { readPlausible } from './formats/plausible.js';
import { UMAMI_EVENT_COLUMNS, umamiEventData, umamiRows, umamiSessions } from './formats/umami.js';
import type { ImportRowResult, ImportSite, KnownVisitor } from './import-hit.js';

/** One kind of import over its stored file(s): how many data rows, and the rows themselves. */
export interface ImportFormat {
  files: string[];
  /** Reads the whole file(s) once, checking their structure: a malformed file throws ImportFileError. */
  count(): Promise<number>;
  /** The data rows, in batches (one per read of the file: a million rows are not a million awaits). */
  rows(): AsyncIterable<ImportRowResult[]>;
}

/** Lines of a log checked for its format before anything is written (the rest are checked one by one). */
const LOG_SAMPLE_LINES = 1000;

/**
 * The stored files of an import, by kind: Umami's website_event CSV (`files[0]`) and optionally its
 * session and event_data CSVs (in either order), Plausible's export zip, an access log.
 */
export function importFormat(kind: string, files: string[], site: ImportSite): ImportFormat {
  if (kind === 'umami') {
    const [events, ...others] = files;
    if (!events) throw new ImportFileError('an Umami import needs the website_event CSV');
    let known: { sessions: Map<string, KnownVisitor>; props: Map<string, string> } | undefined;
    // The session and event_data tables are told apart by their header (both are optional).
    const read = async () => {
      const heads = await Promise.all(others.map((f) => csvHeader(f)));
      const data = others.find((_, i) => heads[i]!.includes('data_key'));
      const sessions = others.find((_, i) => !heads[i]!.includes('data_key'));
      return { sessions: await umamiSessions(sessions), props: await umamiEventData(data) };
    };
    return {
      files,
      async count() {
        known = await read();
        return csvCount(events, 'website_event', UMAMI_EVENT_COLUMNS);
      },
      async *rows() {
        known ??= await read();
        yield* umamiRows(events, site, known.sessions, known.props);
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
      for await (const batch of lines(files[0]!))
        for (const text of batch) {
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
