// The spec reporter, plus the slowest files with their times, and one closing line "N passed, N failed, N skipped"
// that CI reads.
//
// A file's time is what its tests and hooks took (setup in `before` hooks included, loading the file not), which mocha
// reports for each file even when the files run in parallel workers. The run's wall time is the last figure printed;
// every file's time goes to .tenantkit/test-times.json, which .mocharc.js reads (through fileTimes.js) to start the
// slowest files first, and every file's CPU to .tenantkit/test-cpu.json (where the suite's time goes, beyond the
// slowest shown).
// Beside each file, the CPU seconds it took with the processes it started (register.js records them per file): the
// run is bound by CPU, so a file's wall time also holds the other worker's load, and its CPU is what it costs.
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const Mocha = require("mocha");
const { EVENT_RUN_BEGIN, EVENT_RUN_END, EVENT_TEST_END, EVENT_HOOK_END } = Mocha.Runner.constants;

const ROOT = path.resolve(__dirname, "..", "..");
const TIMES_FILE = path.join(ROOT, ".tenantkit", "test-times.json");
const CPU_FILE = path.join(ROOT, ".tenantkit", "test-cpu.json");
const SHOWN = 15;

class SummaryReporter extends Mocha.reporters.Spec {
    constructor(runner, options) {
        super(runner, options);
        const perFile = new Map();
        let started = Date.now();
        const add = (runnable) => {
            if (!runnable.file || typeof runnable.duration !== "number") return;
            const file = path.relative(ROOT, runnable.file).split(path.sep).join("/");
            perFile.set(file, (perFile.get(file) || 0) + runnable.duration);
        };
        // This run's own folder, named to the workers (and the hooks of a serial run) through the environment, which
        // they inherit: a test that runs mocha itself gets another, so neither run's figures reach the other.
        const cpuDir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-test-cpu-"));
        process.env.TENANTKIT_TEST_CPU_DIR = cpuDir;
        runner.once(EVENT_RUN_BEGIN, () => (started = Date.now()));
        runner.on(EVENT_TEST_END, add);
        runner.on(EVENT_HOOK_END, add);
        runner.once(EVENT_RUN_END, () => {
            const s = runner.stats || {};
            const files = [...perFile].sort((a, b) => b[1] - a[1]);
            const cpu = cpuPerFile(cpuDir);
            fs.rmSync(cpuDir, { recursive: true, force: true });
            const total = [...cpu.values()].reduce((sum, s) => sum + s, 0);
            const out = [
                `\nslowest files (time in their tests and hooks, then CPU with the processes they started; ${perFile.size} files, ` +
                    `wall ${seconds(Date.now() - started)}${cpu.size ? `, CPU ${Math.round(total)}s` : ""}):`,
            ];
            for (const [file, ms] of files.slice(0, SHOWN)) {
                const used = cpu.has(file) ? `${Math.round(cpu.get(file))}s`.padStart(6) : "     -";
                out.push(`  ${seconds(ms).padStart(6)} ${used}  ${file}`);
            }
            // A run narrowed by --grep or --fgrep timed part of some files: its figures would mislead the order.
            const narrowed = Boolean(options && (options.grep || options.fgrep));
            if (narrowed) out.push("  (--grep: not recorded in .tenantkit/test-times.json)");
            process.stdout.write(`${out.join("\n")}\n`);
            if (!narrowed) {
                record(
                    TIMES_FILE,
                    files.map(([file, ms]) => [file, Math.round(ms)]),
                );
                record(
                    CPU_FILE,
                    [...cpu].sort((a, b) => b[1] - a[1]).map(([file, used]) => [file, Math.round(used * 10) / 10]),
                );
            }
            process.stdout.write(`\ntests: ${s.passes || 0} passed, ${s.failures || 0} failed, ${s.pending || 0} skipped\n`);
        });
    }
}

function seconds(ms) {
    return `${Math.round(ms / 1000)}s`;
}

/** The CPU seconds of each file, as the workers recorded them in `dir` during this run. */
function cpuPerFile(dir) {
    const cpu = new Map();
    for (const log of fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
        for (const line of fs.readFileSync(path.join(dir, log), "utf8").split("\n").filter(Boolean)) {
            const { file, cpu: seconds } = JSON.parse(line);
            cpu.set(file, (cpu.get(file) || 0) + seconds);
        }
    }
    return cpu;
}

/** Writes each file's figure into `out`, keeping the earlier figures of files this run did not run (`npm run test:some`). */
function record(out, figures) {
    let kept = {};
    try {
        kept = JSON.parse(fs.readFileSync(out, "utf8"));
    } catch {
        // No earlier run on this checkout.
    }
    for (const [file, figure] of figures) kept[file] = figure;
    try {
        fs.mkdirSync(path.dirname(out), { recursive: true });
        fs.writeFileSync(out, `${JSON.stringify(kept, null, 2)}\n`);
    } catch (err) {
        process.stdout.write(`(could not record the files' figures in ${out}: ${err.message})\n`);
    }
}

module.exports = SummaryReporter;
