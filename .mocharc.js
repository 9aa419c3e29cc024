// mocha's configuration for `npm test`. Files run two at a time, each in a worker process of its own (three took as
// long or longer for 5 to 14% more CPU, at b8189ef and at 341a249; test/README.md, "How long the tests take"). The
// workers take files in the order of `spec`: a long file taken last stretches the run by its whole length while the
// other worker idles. So the files that take longest go first (longest first is what keeps two workers' ends close)
// and the many short ones fill in behind them, by each file's time as test/support/fileTimes.js knows it: this
// checkout's record, else the times committed from the last clean-clone run (what CI, in a clean clone, goes by).
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { longestFirst } = require("./test/support/fileTimes");

const ROOT = __dirname;

function specs(dir) {
    return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
        const rel = `${dir}/${e.name}`;
        if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : specs(rel);
        return e.name.endsWith(".spec.ts") ? [rel] : [];
    });
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
