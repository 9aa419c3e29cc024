/**
 * `npm test` after the build: mocha, and beside it the checks (scripts/checks.ts: the type check, ESLint, Prettier's
 * check) at the lowest CPU priority. The suite's files leave part of CI's two cores idle while their processes wait
 * on one another (test/README.md, "How long the tests take"); the checks, about 90 s of CPU that took about 36 s
 * before mocha when they ran first, take that idle time instead. Each check prints its output when it ends; the
 * command fails when mocha or any check does. Arguments go to mocha (`npm test -- --grep x`).
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { runChecks } from "./checks";

const ROOT = path.resolve(__dirname, "..");

function runMocha(args: string[]): Promise<number> {
    return new Promise((resolve) => {
        const child = spawn(process.execPath, [require.resolve("mocha/bin/mocha.js"), ...args], { cwd: ROOT, stdio: "inherit" });
        child.on("error", (err) => {
            console.error(`mocha could not start: ${err.message}`);
            resolve(1);
        });
        child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
}

async function main(): Promise<void> {
    const [mocha, checks] = await Promise.all([runMocha(process.argv.slice(2)), runChecks({ priority: 19 })]);
    if (!checks) console.error("\nnpm test: a check failed (its output is above, after its name)");
    process.exit(mocha !== 0 ? mocha : checks ? 0 : 1);
}

void main();
