/**
 * The benchmarks that drive the real Pulumi CLI, in quick mode (test/bench/quick.ts; smoke.spec.ts runs the others):
 * a file of their own, so that mocha's parallel workers run them beside the rest. plugin and plugin-cost share one
 * packed SDK and one bare plugin within this file's process.
 */
import { NEEDS_CLI, quickRuns } from "./quick";

quickRuns((name) => NEEDS_CLI.has(name));
