#!/usr/bin/env node
// Prints "<label>: N passed, N failed[, N skipped]" from a Vitest or Playwright JSON report, so
// CI logs end every suite with one plain, machine-readable line. Exits 1 if the report is missing,
// counts no test at all, or counts a failure.
import { readFileSync } from 'node:fs';

const [file, label = 'tests'] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`${label}: no readable report at ${file} (${error.message})`);
  process.exit(1);
}
let passed = 0,
  failed = 0,
  skipped = 0;
if (typeof report.numPassedTests === 'number') {
  // Vitest (Jest-compatible JSON)
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
} else if (report.stats) {
  // Playwright: expected = passed, unexpected = failed, flaky = passed on retry
  passed = (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
  failed = report.stats.unexpected ?? 0;
  skipped = report.stats.skipped ?? 0;
}
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
