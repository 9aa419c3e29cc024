/**
 * The environment the fleet suites (fleet-run, fleet-cli, fleet-twenty) give the `pulumi` processes of a fleet: this
 * CLI first on PATH, a file backend and a PULUMI_HOME of the test's own folder, a passphrase, no plugin download, and
 * tenantkit's plugin installed there from this checkout's plugin/. Not a spec file.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { ROOT, TENANTKIT_VERSION } from "./pulumi";

export async function fleetEnvironment(binDir: string, work: string): Promise<Record<string, string>> {
    fs.mkdirSync(path.join(work, "backend"), { recursive: true });
    const env = {
        PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
        PULUMI_HOME: path.join(work, "home"),
        PULUMI_BACKEND_URL: `file://${path.join(work, "backend")}`,
        PULUMI_CONFIG_PASSPHRASE: "fleet-test",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        NO_COLOR: "1",
    };
    await promisify(execFile)(
        path.join(binDir, "pulumi"),
        ["plugin", "install", "resource", "tenantkit", TENANTKIT_VERSION, "--file", path.join(ROOT, "plugin")],
        {
            env: { ...process.env, ...env },
        },
    );
    return env;
}
