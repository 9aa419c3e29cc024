/**
 * The compiled CLI, as users and scripts run it: `node bin/emulator/cli.js`. `npm test` builds first; when
 * this file runs alone it builds the emulator itself if bin/ is missing or older than the sources.
 */
import { strict as assert } from "node:assert";
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { EmulatorAdmin } from "../../emulator/client";
import { defaultSeed } from "../../emulator/seeds/default";
import { fleetTenant } from "../../emulator/seeds/fleet";
import { IDS, T0 } from "../support/emulator";

const ROOT = path.resolve(__dirname, "..", "..");
const CLI = path.join(ROOT, "bin", "emulator", "cli.js");

function newestSource(dir: string): number {
    return fs.readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
        const full = path.join(dir, entry.name);
        const t = entry.isDirectory() ? newestSource(full) : entry.name.endsWith(".ts") ? fs.statSync(full).mtimeMs : 0;
        return Math.max(newest, t);
    }, 0);
}

function buildIfStale(): void {
    if (fs.existsSync(CLI) && fs.statSync(CLI).mtimeMs >= newestSource(path.join(ROOT, "emulator"))) return;
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", path.join(ROOT, "emulator", "tsconfig.json")], { stdio: "inherit" });
}

interface Cli {
    child: ChildProcess;
    firstLine: Promise<string>;
    /** The n-th line printed on standard output (1-based). */
    nthLine(n: number): Promise<string>;
    exit: Promise<{ code: number | null; stderr: string }>;
}

describe("emulator CLI (bin/emulator/cli.js)", () => {
    const children: ChildProcess[] = [];
    let dir: string;

    function run(args: string[]): Cli {
        const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
        children.push(child);
        let stderr = "";
        child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        const lines = createInterface({ input: child.stdout! });
        const printed: string[] = [];
        lines.on("line", (line) => printed.push(line));
        const nthLine = (n: number): Promise<string> =>
            new Promise<string>((resolve, reject) => {
                if (printed.length >= n) return resolve(printed[n - 1]);
                // Runs after the listener above, which has already kept the line.
                const onLine = (): void => {
                    if (printed.length < n) return;
                    lines.off("line", onLine);
                    resolve(printed[n - 1]);
                };
                lines.on("line", onLine);
                child.once("exit", () => reject(new Error(`exited before printing ${n} lines: ${stderr}`)));
            });
        const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once("exit", (code) => resolve({ code, stderr })));
        return { child, firstLine: nthLine(1), nthLine, exit };
    }

    before(function () {
        this.timeout(120_000);
        buildIfStale();
    });
    beforeEach(() => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenantkit-cli-"));
    });
    afterEach(() => {
        for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("prints exactly `listening on http://127.0.0.1:PORT` first, serves the default seed, and exits 0 on SIGTERM", async () => {
        const cli = run(["--port", "0"]);
        const line = await cli.firstLine;
        const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
        assert.ok(match, line);
        assert.ok(Number(match[2]) > 0);
        const state = await EmulatorAdmin.connect(match[1]).state();
        assert.deepEqual(
            state.tenants.map((t) => t.domains),
            [[IDS.domain], [IDS.fabrikamDomain], [IDS.northwindDomain]],
        );
        cli.child.kill("SIGTERM");
        assert.equal((await cli.exit).code, 0);
    });

    it("loads --seed, persists to --state, and a second process on that state sees the first one's change", async () => {
        const seed = defaultSeed(T0);
        seed.tenants[0].domains = ["litware.onmicrosoft.com"];
        fs.writeFileSync(path.join(dir, "seed.json"), JSON.stringify(seed));
        const first = run(["--port", "0", "--seed", "seed.json", "--state", "state.json"]);
        const a = EmulatorAdmin.connect((await first.firstLine).replace("listening on ", ""));
        const second = run(["--port", "0", "--state", "state.json"]);
        const b = EmulatorAdmin.connect((await second.firstLine).replace("listening on ", ""));
        await a.deleteTemporaryAccessPass("litware.onmicrosoft.com", IDS.aliceUpn);
        const alice = (await b.state()).tenants[0].users.find((u) => u.id === IDS.aliceId);
        assert.equal(alice?.temporaryAccessPass, null);
        assert.ok(fs.existsSync(path.join(dir, "state.json")));
        first.child.kill("SIGINT");
        second.child.kill("SIGTERM");
        assert.deepEqual([(await first.exit).code, (await second.exit).code], [0, 0]);
    });

    it("answers --help and -h with the usage on standard output and exit status 0, without starting", () => {
        for (const flag of ["--help", "-h"]) {
            const r = spawnSync(process.execPath, [CLI, flag], { cwd: dir, encoding: "utf8", timeout: 30_000 });
            assert.equal(r.status, 0, `${flag}: ${r.stderr}`);
            assert.match(
                r.stdout,
                /^usage: tenantkit-emulator \[--port N\] \[--host H\] \[--seed FILE\.json\] \[--tenants N\] \[--state FILE\.json\]\n/,
                flag,
            );
            assert.match(r.stdout, /\n {2}--tenants N +also generate N tenants \(0\.\.9999\)/, flag);
            assert.match(r.stdout, /\n {2}--state FILE\.json +keep the state in this file/, flag);
            assert.doesNotMatch(r.stdout, /^listening on/m, `${flag} does not start the emulator`);
            assert.equal(r.stderr, "", flag);
        }
    });

    it("exits 2 with the usage for an unknown argument, and names the file of an invalid seed", async () => {
        const bad = await run(["--prot", "0"]).exit;
        assert.equal(bad.code, 2);
        assert.match(bad.stderr, /unknown argument --prot\nusage: tenantkit-emulator/);
        assert.match(bad.stderr, /\n {2}--state FILE\.json +keep the state in this file/, "the whole usage, on standard error");
        fs.writeFileSync(path.join(dir, "seed.json"), JSON.stringify({ tenants: [{}] }));
        const invalid = await run(["--seed", "seed.json"]).exit;
        assert.equal(invalid.code, 2);
        assert.match(invalid.stderr, /seed seed\.json is invalid:\n {2}- \$\.tenants\[0\]\.id: must be a non-empty string/);
    });

    it("--tenants 3 serves three generated tenants after the default seed's, and names them on its third line", async () => {
        const cli = run(["--port", "0", "--tenants", "3"]);
        const url = (await cli.firstLine).replace("listening on ", "");
        const state = await EmulatorAdmin.connect(url).state();
        assert.deepEqual(
            state.tenants.map((t) => t.id),
            [IDS.tenantId, IDS.fabrikamTenantId, IDS.northwindTenantId, ...[1, 2, 3].map((i) => fleetTenant(i).tenantId)],
        );
        assert.equal(
            await cli.nthLine(3),
            "3 generated tenants: tenant-0001.onmicrosoft.com to tenant-0003.onmicrosoft.com (ids and secrets: fleetTenant(i) of pulumi-tenantkit/emulator)",
        );
        cli.child.kill("SIGTERM");
        assert.equal((await cli.exit).code, 0);
    });

    for (const bad of ["-1", "abc", "10000", "1e3"]) {
        it(`--tenants ${bad} exits 2 naming the flag and the numbers it takes`, async () => {
            const r = await run(["--tenants", bad]).exit;
            assert.equal(r.code, 2);
            assert.match(r.stderr, new RegExp(`^tenantkit-emulator: --tenants must be a whole number from 0 to 9999, got ${bad}\nusage: `));
        });
    }
});
