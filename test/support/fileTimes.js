// How long each test file takes, which decides the order mocha's two workers take the files in (.mocharc.js): the
// times the summary reporter recorded on this checkout (.tenantkit/test-times.json, milliseconds), and for a file it
// has not recorded, the seconds committed in file-times.json beside this module, from the last clean-clone `.ci/run`.
// CI runs in a clean clone, so the committed figures are what orders its run: every file, not only the slowest, since a
// file of half a minute taken last leaves the other worker idle for most of it. `npm run test:times` after a full
// run copies this checkout's record into the committed file.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..", "..");
const RECORDED = path.join(ROOT, ".tenantkit", "test-times.json");
const COMMITTED = path.join(__dirname, "file-times.json");

function readJson(file) {
    try {
        return JSON.parse(fs.readFileSync(file, "utf8"));
    } catch {
        return {};
    }
}

/** Each file's time in milliseconds: `recorded`'s (milliseconds) first, else `committed`'s (seconds). */
function fileTimes(recorded = readJson(RECORDED), committed = readJson(COMMITTED)) {
    const times = Object.fromEntries(Object.entries(committed).map(([file, s]) => [file, s * 1000]));
    return { ...times, ...recorded };
}

/** `files`, longest first by `times` (what keeps two workers' ends close), ties by name. */
function longestFirst(files, times = fileTimes()) {
    const estimate = (file) => (typeof times[file] === "number" ? times[file] : 0);
    return [...files].sort((a, b) => estimate(b) - estimate(a) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Writes this checkout's recorded times, in whole seconds, into the committed file, longest first; a file this
 * checkout has no record of keeps its committed time.
 */
function commitRecorded() {
    const recorded = readJson(RECORDED);
    if (Object.keys(recorded).length === 0) throw new Error(`no recorded times in ${RECORDED}: run \`npm test\` first`);
    const files = Object.entries(fileTimes(recorded)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    fs.writeFileSync(COMMITTED, `${JSON.stringify(Object.fromEntries(files.map(([f, ms]) => [f, Math.round(ms / 1000)])), null, 2)}\n`);
    const kept = files.length - Object.keys(recorded).length;
    process.stdout.write(`${files.length} files' times written to ${path.relative(ROOT, COMMITTED)} (${kept} kept from it, not run here)\n`);
}

module.exports = { COMMITTED, fileTimes, longestFirst };

if (require.main === module) commitRecorded();
