// mocha's configuration for `npm test`. Files run two at a time, each in a worker process of its own (three were
// measured at b8189ef: the same wall time for 5% more CPU; test/README.md, "How long the tests take"). The workers take
// files in the order of `spec`: a long file taken last stretches the run by its whole length while the other worker
// idles. So the files that take longest go first (longest first is what keeps two workers' ends close) and the many
// short ones fill in behind them: by the times test/support/summary-reporter.js recorded for this checkout
// (.tenantkit/test-times.json), and before those the files of SLOWEST it has no time for (a clean clone, as in CI,
// has none), from the last full run's list of slowest files.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const SLOWEST = [
    "test/bench/smoke-cli.spec.ts",
    "test/packaging/install.spec.ts",
    "test/cli/upgrade.spec.ts",
    "test/cli/plugin-programs.spec.ts",
    "test/cli/options.spec.ts",
    "test/reliability/fault-matrix.spec.ts",
    "test/cli/examples.spec.ts",
    "test/reliability/crash.spec.ts",
    "test/reliability/secrets.spec.ts",
    "test/bench/smoke.spec.ts",
    "test/cli/secrets.spec.ts",
    "test/entra/branding-lifecycle.spec.ts",
    "test/cli/branding-preview.spec.ts",
    "test/cli/plugin-migrate.spec.ts",
    "test/cli/replace.spec.ts",
    "test/cli/parallel.spec.ts",
    "test/cli/plugin-engine.spec.ts",
    "test/reliability/hostile-input.spec.ts",
    "test/cli/connection.spec.ts",
    "test/cli/quota-policy.spec.ts",
    "test/powerbi/lifecycle.spec.ts",
    "test/cli/crash.spec.ts",
];

const ROOT = __dirname;

function specs(dir) {
    return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
        const rel = `${dir}/${e.name}`;
        if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : specs(rel);
        return e.name.endsWith(".spec.ts") ? [rel] : [];
    });
}

function recordedTimes() {
    try {
        return JSON.parse(fs.readFileSync(path.join(ROOT, ".tenantkit", "test-times.json"), "utf8"));
    } catch {
        return undefined;
    }
}

/** A file's time as last recorded; a file of SLOWEST that has no record counts as longer than any recorded one. */
function longestFirst(files) {
    const times = recordedTimes() ?? {};
    const estimate = (file) => {
        if (typeof times[file] === "number") return times[file];
        const known = SLOWEST.indexOf(file);
        return known === -1 ? 0 : Number.MAX_SAFE_INTEGER - known;
    };
    return [...files].sort((a, b) => estimate(b) - estimate(a) || (a < b ? -1 : a > b ? 1 : 0));
}

module.exports = {
    require: ["test/support/register.js"],
    spec: longestFirst(specs("test")),
    extension: ["ts"],
    timeout: 60000,
    reporter: "test/support/summary-reporter.js",
    exit: true,
    parallel: true,
    jobs: 2,
};
