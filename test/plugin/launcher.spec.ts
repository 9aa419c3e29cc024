/**
 * The plugin as a command (plugin/, which `npm run build` makes, run as the engine and a user run it): its launcher
 * when no `node` is on PATH, and the `emulator` subcommand, which the release asset carries too (the CLI suite
 * readme-first-program.spec.ts runs the README's first program on that executable alone).
 */
import { strict as assert } from "node:assert";
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createInterface } from "node:readline";

const ROOT = path.resolve(__dirname, "..", "..");
const LAUNCHER = path.join(ROOT, "plugin", "pulumi-resource-tenantkit");

describe("the plugin as a command (plugin/pulumi-resource-tenantkit)", () => {
    it("with no node on PATH, says that the plugin/ folder needs Node.js 22 and how to install the standalone plugin, and exits 1", function () {
        if (process.platform === "win32") this.skip();
        // An empty folder as the whole PATH: the engine shows what the launcher writes to stderr, and nothing else helps.
        const empty = fs.mkdtempSync(path.join(os.tmpdir(), "tk-no-node-"));
        try {
            const r = spawnSync("/bin/sh", [LAUNCHER, "127.0.0.1:1"], { env: { PATH: empty }, encoding: "utf8" });
            assert.equal(r.status, 1);
            assert.equal(r.stdout, "", "the engine reads the port from stdout");
            assert.match(r.stderr, /runs on Node\.js 22 or newer, and no node is on PATH/);
            assert.match(r.stderr, /pulumi plugin install resource tenantkit <version> --file pulumi-resource-tenantkit-v<version>-<os>-<arch>\.tar\.gz/);
            assert.doesNotMatch(r.stderr, /not found/, "the shell's own message, which names no way out");
        } finally {
            fs.rmSync(empty, { recursive: true, force: true });
        }
    });

    it("the emulator subcommand serves the emulator's default seed and stops on SIGTERM", async () => {
        const child = spawn(process.execPath, [path.join(ROOT, "plugin", "index.js"), "emulator", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
        try {
            const first = await new Promise<string>((resolve, reject) => {
                createInterface({ input: child.stdout }).once("line", resolve);
                child.once("exit", (code) => reject(new Error(`exited ${code}`)));
            });
            const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first)?.[1];
            assert.ok(url, first);
            const res = await fetch(`${url}/login/contoso.onmicrosoft.com/v2.0/.well-known/openid-configuration`);
            assert.equal(res.status, 200);
            assert.ok(((await res.json()) as { token_endpoint: string }).token_endpoint.startsWith(`${url}/login/`));
        } finally {
            const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
            child.kill("SIGTERM");
            assert.equal(await exited, 0);
        }
    });

    it("the emulator subcommand names itself in the usage of an argument it does not know, and exits 2", () => {
        const r = spawnSync(process.execPath, [path.join(ROOT, "plugin", "index.js"), "emulator", "--prot", "8787"], { encoding: "utf8" });
        assert.equal(r.status, 2);
        assert.match(r.stderr, /^pulumi-resource-tenantkit emulator: unknown argument --prot\nusage: pulumi-resource-tenantkit emulator \[--port N\]/);
    });

    it("the emulator subcommand takes --tenants as tenantkit-emulator does, and names itself when the count is wrong", () => {
        const r = spawnSync(process.execPath, [path.join(ROOT, "plugin", "index.js"), "emulator", "--tenants", "abc"], { encoding: "utf8" });
        assert.equal(r.status, 2);
        assert.match(r.stderr, /^pulumi-resource-tenantkit emulator: --tenants must be a whole number from 0 to 9999, got abc\nusage: /);
    });
});
