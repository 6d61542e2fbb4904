// What the page showed when a browser test failed. CI keeps only the log, not Playwright's result
// folder, so the accessibility snapshot of each failure's error-context attachment is printed there:
// it tells a dialog left open from an error notification or a page that never changed.
import { existsSync, readFileSync } from 'node:fs';

/** The snapshot block of an error-context.md: its ```yaml fence. */
function pageSnapshot(text) {
  const match = text.match(/```yaml\n([\s\S]*?)```/);
  return match ? match[1].trimEnd() : null;
}

/** Every spec of a JSON-reporter suite tree, with the titles that lead to it. */
export function* specsOf(suites, titles = []) {
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) yield { title: [...path, spec.title].join(' › '), spec };
    yield* specsOf(suite.suites, path);
  }
}

/** Reads Playwright's JSON report (the one the test runner counts) and prints each failure's page. */
export function printFailureContexts(reportFile) {
  if (!existsSync(reportFile)) return;
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  for (const { title, spec } of specsOf(report.suites)) {
    for (const result of spec.tests.flatMap((test) => test.results)) {
      const context = result.attachments?.find((a) => a.name === 'error-context' && a.path);
      if (!context || !existsSync(context.path)) continue;
      const snapshot = pageSnapshot(readFileSync(context.path, 'utf8'));
      console.log(`\n--- page at failure: ${title}\n${snapshot ?? '(no page snapshot)'}`);
    }
  }
}
