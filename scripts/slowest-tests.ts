/**
 * Prints the slowest test files of a Vitest or Playwright JSON report (the reporters write them under
 * reports/): `.ci/run` shows them after each runner, so that a suite grown slower shows where.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SHOWN = 15;

interface VitestReport {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}
interface PlaywrightSuite {
  file: string;
  specs: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>;
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
}

/** Milliseconds each file took: Vitest's from its start to its end, Playwright's summed over its tests. */
function fileTimes(report: VitestReport | PlaywrightReport): Map<string, number> {
  const times = new Map<string, number>();
  const add = (file: string, ms: number) => times.set(file, (times.get(file) ?? 0) + ms);
  if ('testResults' in report) {
    for (const result of report.testResults) add(result.name, result.endTime - result.startTime);
    return times;
  }
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) for (const result of test.results) add(suite.file, result.duration);
    }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of report.suites) walk(suite);
  return times;
}

const [reportFile] = process.argv.slice(2);
if (!reportFile) throw new Error('usage: slowest-tests.ts <report.json>');
const times = [...fileTimes(JSON.parse(readFileSync(reportFile, 'utf8'))).entries()];
times.sort((a, b) => b[1] - a[1]);
console.log(`The ${SHOWN} slowest files of ${path.basename(reportFile)}:`);
for (const [file, ms] of times.slice(0, SHOWN)) {
  console.log(`${(ms / 1000).toFixed(1).padStart(8)} s  ${path.relative(process.cwd(), path.resolve(file))}`);
}
