/**
 * The checks `npm test` runs before mocha, side by side: the type check of everything (`npm run typecheck`), ESLint
 * and Prettier's check (`npm run lint`). Each is one process on one core and none reads another's output, so on CI's
 * two cores running them together takes about half of running them one after another. Each one's output is printed
 * whole when it ends, with its time; the script fails when any of them does.
 */
import { spawn } from "node:child_process";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..");

interface Check {
    name: string;
    /** A package's command-line script, run with this Node.js. */
    bin: string;
    args: string[];
}

/** A file of an installed package, which its `exports` need not list. */
const packageFile = (name: string, file: string): string => path.join(path.dirname(require.resolve(`${name}/package.json`)), file);

const CHECKS: Check[] = [
    { name: "tsc -p tsconfig.json", bin: packageFile("typescript", "bin/tsc"), args: ["-p", "tsconfig.json"] },
    { name: "eslint .", bin: packageFile("eslint", "bin/eslint.js"), args: ["."] },
    { name: "prettier --check .", bin: packageFile("prettier", "bin/prettier.cjs"), args: ["--check", "."] },
];

function runCheck(check: Check): Promise<boolean> {
    const started = Date.now();
    return new Promise((resolve) => {
        const child = spawn(process.execPath, [check.bin, ...check.args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (d: Buffer) => (output += d.toString()));
        child.stderr.on("data", (d: Buffer) => (output += d.toString()));
        let ended = false;
        const end = (ok: boolean, why: string): void => {
            if (ended) return;
            ended = true;
            const seconds = ((Date.now() - started) / 1000).toFixed(0);
            process.stdout.write(`\n> ${check.name}: ${why} (${seconds}s)\n${output}`);
            resolve(ok);
        };
        child.on("error", (err) => end(false, `could not start: ${err.message}`));
        child.on("close", (code, signal) => end(code === 0, code === 0 ? "passed" : `failed (${signal ?? `exit status ${code}`})`));
    });
}

async function main(): Promise<void> {
    const queue = [...CHECKS];
    const results: boolean[] = [];
    const worker = async (): Promise<void> => {
        for (let check = queue.shift(); check; check = queue.shift()) results.push(await runCheck(check));
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(os.availableParallelism(), CHECKS.length)) }, worker));
    if (results.includes(false)) process.exit(1);
}

void main();
