// Tests run TypeScript through ts-node (transpile only: `npm test` type-checks with tsc first).
const fs = require("fs");
const path = require("path");
const ROOT = path.join(__dirname, "..", "..");
process.env.TS_NODE_PROJECT = path.join(ROOT, "tsconfig.json");
process.env.TS_NODE_TRANSPILE_ONLY = "true";
// Every Node.js process the tests start (programs, the dynamic provider host, the plugin) inherits this: V8 keeps the
// code it compiled for each module and reuses it while the file is unchanged (@pulumi/pulumi's compilation is about
// a third of a program's start). It changes nothing a process does. The benchmarks do not load this file: their
// figures pay for compilation as a user's first run does.
process.env.NODE_COMPILE_CACHE ??= path.join(ROOT, ".tenantkit", "node-compile-cache");
require("ts-node/register");

/** CPU seconds of this process and of the children it has waited for (the CLI, programs, plugins), from /proc. */
function cpuSeconds() {
    try {
        const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
        return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
    } catch {
        return undefined; // not Linux
    }
}

// Root hooks, which a parallel run's workers run around every file (a serial run around all of them, when it is
// not recorded): the CPU a file took, with the processes it started, goes to the summary reporter's folder for this
// run (TENANTKIT_TEST_CPU_DIR; none without that reporter). The run is bound by CPU, so this, not a file's wall
// time (which the other worker's load stretches), says what a file costs.
let started;
exports.mochaHooks = {
    beforeAll() {
        started = cpuSeconds();
    },
    afterAll() {
        const files = [...new Set((this.test && this.test.parent ? this.test.parent.suites : []).map((s) => s.file).filter(Boolean))];
        const ended = cpuSeconds();
        const dir = process.env.TENANTKIT_TEST_CPU_DIR;
        if (!dir || files.length !== 1 || started === undefined || ended === undefined) return;
        const file = path.relative(ROOT, files[0]).split(path.sep).join("/");
        fs.appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${JSON.stringify({ file, cpu: ended - started })}\n`);
    },
};
