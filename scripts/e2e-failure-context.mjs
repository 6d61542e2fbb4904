// What the page showed when a browser test failed. CI keeps only the log, not Playwright's result
// folder, so the accessibility snapshot from each failure's error-context.md is printed there: it
// tells a dialog left open from an error notification or a page that never changed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The snapshot block of an error-context.md: the ```yaml fence after "# Error details". */
function pageSnapshot(text) {
  const match = text.match(/```yaml\n([\s\S]*?)```/);
  return match ? match[1].trimEnd() : null;
}

export function printFailureContexts(resultsDir) {
  if (!existsSync(resultsDir)) return;
  for (const entry of readdirSync(resultsDir, { withFileTypes: true })) {
    const file = path.join(resultsDir, entry.name, 'error-context.md');
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const snapshot = pageSnapshot(readFileSync(file, 'utf8'));
    console.log(`\n--- page at failure: ${entry.name}\n${snapshot ?? '(no page snapshot)'}`);
  }
}
