/**
 * The compiled plugin when the engine that started it dies (issue 49, defect 10): SIGKILL of `pulumi up` left the
 * plugin running (seen 128 s later, its parent gone), and it finished the POST it had in flight for nobody. The engine
 * starts the plugin itself (the launcher `exec`s node), so here a parent process starts it as the engine would, with an
 * engine address on its command line, and is then killed.
 */
import { strict as assert } from "node:assert";
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as readline from "node:readline";
import { IDS, useEmulator } from "../../support/emulator";
import { connect, PLUGIN_MAIN, startFakeEngine, type FakeEngine, type PluginClient } from "./client";
import { DATASET, datasetInputs, providerArgs } from "./fixtures";

/** The engine's part: starts the plugin with the engine address, its stderr to a file, and prints `<pid> <port>`. */
const PARENT = `
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const readline = require("node:readline");
const [main, engine, errFile] = process.argv.slice(1);
const child = spawn(process.execPath, [main, engine], { stdio: ["ignore", "pipe", fs.openSync(errFile, "w")] });
readline.createInterface({ input: child.stdout }).once("line", (port) => process.stdout.write(child.pid + " " + port + "\\n"));
setInterval(() => undefined, 1 << 30);
`;

/** Whether process `pid` still runs (a zombie counts as gone: its parent may never reap it). */
function isAlive(pid: number): boolean {
    try {
        return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
        return false;
    }
}

describe("the compiled plugin when its engine is gone", () => {
    const fx = useEmulator();
    let dir = "";
    let engine: FakeEngine | undefined;
    let parent: ChildProcess | undefined;
    let pluginPid: number | undefined;
    let client: PluginClient | undefined;
    before(async () => {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), "tk-protocol-engine-gone-"));
        engine = await startFakeEngine();
    });
    afterEach(() => {
        client?.close();
        for (const pid of [parent?.pid, pluginPid]) {
            if (pid !== undefined && isAlive(pid)) process.kill(pid, "SIGKILL");
        }
        [parent, pluginPid, client] = [undefined, undefined, undefined];
    });
    after(async () => {
        await engine?.close();
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("SIGKILL of the process that started it: the plugin ends within seconds, saying why on stderr, and sends the held POST no second time", async () => {
        const errFile = path.join(dir, "stderr.txt");
        parent = spawn(process.execPath, ["-e", PARENT, PLUGIN_MAIN, engine!.address, errFile], {
            cwd: dir,
            env: { PATH: process.env.PATH ?? "", HOME: dir },
            stdio: ["ignore", "pipe", "inherit"],
        });
        const line = await new Promise<string>((resolve) => readline.createInterface({ input: parent!.stdout! }).once("line", resolve));
        const [pid, port] = line.split(" ").map(Number);
        pluginPid = pid;
        client = connect(`127.0.0.1:${port}`);
        await client.configure({ args: providerArgs(fx.emu.url) });
        const inputs = (await client.check({ type: DATASET, news: datasetInputs("Orphaned") })).inputs;
        await fx.emu.admin.setFaults({ match: { service: "powerbi", method: "POST", path: "datasets" }, kind: "hold", delayMs: 30_000 });
        const create = client.create({ type: DATASET, properties: inputs }).then(
            () => "answered",
            () => "failed",
        );
        const deadline = Date.now() + 15_000;
        while ((await fx.emu.admin.powerBi(IDS.tenantId)).datasets.length === 0) {
            assert.ok(Date.now() < deadline, "Power BI never got the POST");
            await new Promise((r) => setTimeout(r, 50));
        }

        const killed = Date.now();
        parent.kill("SIGKILL");
        while (isAlive(pluginPid!) && Date.now() - killed < 10_000) await new Promise((r) => setTimeout(r, 50));
        const seconds = (Date.now() - killed) / 1000;
        assert.ok(!isAlive(pluginPid!), `the plugin still runs ${seconds} s after its engine died`);
        assert.ok(seconds < 5, `the plugin ran on for ${seconds} s after its engine died`);
        assert.equal(await create, "failed");

        const posts = (await fx.emu.admin.requests({ service: "powerbi", method: "POST" })).filter((r) => /\/datasets$/.test(r.path));
        assert.equal(posts.length, 1, "the POST was sent again");
        const lines = fs.readFileSync(errFile, "utf8").trim().split("\n");
        assert.equal(lines.length, 1, `stderr: ${lines.join("\n")}`);
        assert.match(lines[0]!, /the engine that started it \(process \d+\) is gone, so its operations were cancelled and it exits/);
    });
});
