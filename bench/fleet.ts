/**
 * fleet (issue 51): `tenantkit-fleet`'s runner (`runFleet`, what the command runs) over 100 of the emulator's
 * generated tenants, each a branding with an image, two localizations and a push dataset in its own workspace, at the
 * default parallelism against `--parallel 1`, side by side in one run, each side on a fresh emulator and backend:
 *  - preview of the new fleet, up, and a preview of the converged fleet (what a rerun costs), wall time;
 *  - each tenant's time split, from the start and end of each `pulumi` command the Automation API runs (a wrapper
 *    around `pulumi` logs them), its plugin's start (the installed plugin's launcher logs it) and the emulator's
 *    request log: workspace (the Automation API's commands before the stack's own: `pulumi stack select`), CLI start
 *    (the command's start to the engine starting the plugin: `pulumi`'s own start, the backend, the inline program
 *    registering), plugin (its start, configuration, the checks and diffs, until its first request), sign-in (each
 *    token request to that tenant's next request), requests (the rest of the span from its first request to its last),
 *    the rest (the last answer, the state written, `pulumi` ending), and summary (what the Automation API runs after
 *    the command: `pulumi stack history` for an up's summary);
 *  - the peak memory of everything the run starts (its resident memory summed with this process's), and the most
 *    processes at once.
 * The plugin is this checkout's plugin/ (node-launched, on Node 22), installed as `pulumi plugin install --file` does;
 * the stacks are on a `file://` backend with a passphrase, the fleet's default, which pays the passphrase's key
 * derivation in each `pulumi` command.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PulumiCommand } from "@pulumi/pulumi/automation";
import { startEmulator, type RunningEmulator } from "../emulator/server";
import { fleetTenants, type FleetTenant } from "../emulator/seeds/fleet";
import { PLUGIN_DIR, requirePulumi, TENANTKIT_VERSION } from "../harness/cli";
import { loadFleet } from "../provider/fleet/fleetFile";
import { defaultParallel, runFleet, type FleetCommand, type TenantRow } from "../provider/fleet/run";
import { watchProcesses } from "./processes";
import { inTurn, median, result, type BenchResult, type Benchmark } from "./lib";

const ROOT = path.resolve(__dirname, "..");
const LOGO = path.join(ROOT, "examples", "branding", "assets", "banner.png");

/** The fleet file: the standard the issue names, and each tenant's workspace as its one override. */
function fleetYaml(emulatorUrl: string, tenants: readonly FleetTenant[]): string {
    const lines = [
        "project: tenantkit-fleet-bench",
        "settings:",
        `  emulator: ${emulatorUrl}`,
        "standard:",
        "  branding:",
        "    type: tenantkit:entra:OrganizationalBranding",
        "    properties:",
        "      signInPageText: Contoso Group. Authorized use only.",
        '      backgroundColor: "#102030"',
        "      bannerLogo: { fn::fileAsset: ./banner.png }",
        "  french:",
        "    type: tenantkit:entra:OrganizationalBrandingLocalization",
        "    properties: { locale: fr-FR, signInPageText: Groupe Contoso. Accès réservé. }",
        "    options: { dependsOn: [branding] }",
        "  german:",
        "    type: tenantkit:entra:OrganizationalBrandingLocalization",
        "    properties: { locale: de-DE, signInPageText: Contoso Gruppe. Nur für Befugte. }",
        "    options: { dependsOn: [branding] }",
        "  sales:",
        "    type: tenantkit:powerbi:PushDataset",
        "    properties:",
        "      name: GroupSales",
        "      tables:",
        "        - name: Orders",
        "          columns:",
        "            - { name: OrderId, dataType: Int64 }",
        "            - { name: Amount, dataType: Double }",
        "tenants:",
    ];
    for (const t of tenants) {
        lines.push(
            `  - name: tenant-${String(t.index).padStart(4, "0")}`,
            `    tenant: ${t.domain}`,
            `    clientId: ${t.clientId}`,
            `    clientSecret: { env: ${secretVariable(t)} }`,
            "    overrides:",
            `      sales: { workspaceId: ${t.workspaceId} }`,
        );
    }
    return lines.join("\n") + "\n";
}

const secretVariable = (t: FleetTenant) => `TENANT_${String(t.index).padStart(4, "0")}_SECRET`;

/** One tenant's time, in ms, split as the module's header says (sign-in and requests 0 where it sent none). */
interface Split {
    workspace: number;
    cliStart: number;
    plugin: number;
    signIn: number;
    requests: number;
    rest: number;
    summary: number;
}

/** A `pulumi` command the wrapper logged: its start and end (ms since the epoch) and its arguments. */
interface LoggedCommand {
    startMs: number;
    endMs: number;
    args: string[];
}

const STACK_COMMANDS = new Set(["preview", "up", "refresh", "destroy"]);

/**
 * A `pulumi` for the Automation API (PulumiCommand's `root`/bin/pulumi) that runs the real one and appends to `log`
 * each command's start, end and arguments, so a tenant's time splits at its stack command's start and end.
 */
function timingPulumi(binDir: string, dir: string, log: string): string {
    fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
    const script = [
        "#!/bin/sh",
        "start=$(date +%s%3N)",
        `${JSON.stringify(path.join(binDir, "pulumi"))} "$@"`,
        "code=$?",
        `echo "$start $(date +%s%3N) $*" >> ${JSON.stringify(log)}`,
        "exit $code",
    ].join("\n");
    fs.writeFileSync(path.join(dir, "bin", "pulumi"), script + "\n", { mode: 0o755 });
    return dir;
}

/** The wrapper's log: each command's times and arguments. */
function loggedCommands(log: string): LoggedCommand[] {
    if (!fs.existsSync(log)) return [];
    return fs
        .readFileSync(log, "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => {
            const [start, end, ...args] = l.split(" ");
            return { startMs: Number(start), endMs: Number(end), args };
        });
}

interface Phase {
    wallMs: number;
    rows: TenantRow[];
    splits: Split[];
    peakBytes: number;
    peakProcesses: number;
    requests: number;
}

interface Side {
    parallel: number;
    phases: Record<"preview" | "up" | "rerun", Phase>;
}

/** The stack a `pulumi` command line runs on (`--stack NAME`), without an organization or project before it. */
function stackOfCommand(command: string): string | undefined {
    return /(?:^|\s)--stack\s+(\S+)/.exec(command)?.[1]?.split("/").pop();
}

/**
 * Makes the plugin installed in `home` log each start (ms since the epoch) and the command line of the `pulumi` that
 * started it, which names its stack, then run as installed: its launcher moves aside and a logging one takes its place.
 */
function logPluginStarts(home: string, log: string): void {
    const launcher = path.join(home, "plugins", `resource-tenantkit-v${TENANTKIT_VERSION}`, "pulumi-resource-tenantkit");
    fs.renameSync(launcher, `${launcher}.installed`);
    const script = [
        "#!/bin/sh",
        `echo "$(date +%s%3N) $(tr '\\0' ' ' < /proc/$PPID/cmdline)" >> ${JSON.stringify(log)}`,
        'exec "$0.installed" "$@"',
    ].join("\n");
    fs.writeFileSync(launcher, script + "\n", { mode: 0o755 });
}

/** Each stack's first plugin start in the log. */
function pluginStarts(log: string): Map<string, number> {
    const starts = new Map<string, number>();
    if (!fs.existsSync(log)) return starts;
    for (const line of fs.readFileSync(log, "utf8").split("\n")) {
        const at = Number(line.slice(0, line.indexOf(" ")));
        const stack = stackOfCommand(line);
        if (stack !== undefined && Number.isFinite(at)) starts.set(stack, Math.min(starts.get(stack) ?? Infinity, at));
    }
    return starts;
}

/** The tenant a logged request was for: the token endpoint's path names it, every other request its token's `tid`. */
function tenantOfRequest(entry: { path: string; headers: Record<string, string> }, byTenant: ReadonlyMap<string, string>): string | undefined {
    const token = /\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(entry.path);
    if (token) return byTenant.get(token[1]!.toLowerCase());
    const bearer = /^Bearer\s+[^.]+\.([^.]+)\./.exec(entry.headers.authorization ?? "")?.[1];
    if (bearer === undefined) return undefined;
    try {
        const claims = JSON.parse(Buffer.from(bearer, "base64url").toString("utf8")) as { tid?: string };
        return claims.tid === undefined ? undefined : byTenant.get(claims.tid.toLowerCase());
    } catch {
        return undefined;
    }
}

/** Splits each finished row's time; a row without its stack command or plugin seen (it failed first) is left out. */
function splitsOf(
    rows: readonly { row: TenantRow; endedMs: number }[],
    commands: readonly LoggedCommand[],
    plugins: ReadonlyMap<string, number>,
    requests: ReadonlyMap<string, { atMs: number; token: boolean }[]>,
): Split[] {
    const splits: Split[] = [];
    for (const { row, endedMs } of rows) {
        const started = Date.parse(row.started);
        const main = commands.find(
            (c) => STACK_COMMANDS.has(c.args[0] ?? "") && stackOfCommand(c.args.join(" ")) === row.stack && c.startMs >= started - 10,
        );
        const plugin = plugins.get(row.stack);
        if (main === undefined || plugin === undefined) continue;
        const own = (requests.get(row.stack) ?? []).filter((r) => r.atMs >= main.startMs && r.atMs <= main.endMs);
        const first = own[0]?.atMs ?? main.endMs;
        const last = own.at(-1)?.atMs ?? main.endMs;
        let signIn = 0;
        own.forEach((r, i) => {
            if (r.token && i + 1 < own.length) signIn += own[i + 1]!.atMs - r.atMs;
        });
        splits.push({
            workspace: main.startMs - started,
            cliStart: plugin - main.startMs,
            plugin: first - plugin,
            signIn,
            requests: last - first - signIn,
            rest: main.endMs - last,
            summary: endedMs - main.endMs,
        });
    }
    return splits;
}

async function runPhase(
    command: FleetCommand,
    file: string,
    parallel: number,
    emu: RunningEmulator,
    options: { pulumiCommand: PulumiCommand; envVars: Record<string, string>; environment: NodeJS.ProcessEnv },
    logs: { commands: string; plugins: string },
    byTenant: ReadonlyMap<string, string>,
    log: (line: string) => void,
): Promise<Phase> {
    const since = (await emu.admin.requests()).at(-1)?.seq ?? 0;
    for (const file of [logs.commands, logs.plugins]) fs.rmSync(file, { force: true });
    const finished: { row: TenantRow; endedMs: number }[] = [];
    const watch = watchProcesses();
    const start = performance.now();
    let result;
    try {
        result = await runFleet(loadFleet(file), command, {
            ...options,
            parallel,
            onRow: (row) => {
                finished.push({ row, endedMs: Date.now() });
                if (finished.length % 25 === 0) log(`  ${command} --parallel ${parallel}: ${finished.length} tenants done`);
            },
        });
    } finally {
        watch.stop();
    }
    const wallMs = performance.now() - start;
    const failed = result.rows.filter((r) => r.status === "error");
    if (failed.length > 0)
        throw new Error(`${command} --parallel ${parallel}: ${failed.length} tenants failed, first: ${failed[0]!.stack}: ${failed[0]!.error}`);
    const logged = (await emu.admin.requests()).filter((e) => e.seq > since);
    const requests = new Map<string, { atMs: number; token: boolean }[]>();
    for (const e of logged) {
        const stack = tenantOfRequest(e, byTenant);
        if (stack === undefined) continue;
        requests.set(stack, [...(requests.get(stack) ?? []), { atMs: Date.parse(e.time), token: e.path.endsWith("/oauth2/v2.0/token") }]);
    }
    return {
        wallMs,
        rows: [...result.rows],
        splits: splitsOf(finished, loggedCommands(logs.commands), pluginStarts(logs.plugins), requests),
        peakBytes: watch.peakBytes(),
        peakProcesses: watch.peakProcesses(),
        requests: logged.length,
    };
}

/** One side: a fresh emulator of `count` tenants, a fresh backend, the three phases at `parallel`. */
async function runSide(
    count: number,
    parallel: number,
    scratch: string,
    home: string,
    binDir: string,
    pluginLog: string,
    log: (line: string) => void,
): Promise<Side> {
    const emu = await startEmulator({ tenants: count });
    const dir = path.join(scratch, `parallel-${parallel}`);
    try {
        fs.mkdirSync(path.join(dir, "backend"), { recursive: true });
        const tenants = fleetTenants(count);
        fs.copyFileSync(LOGO, path.join(dir, "banner.png"));
        const file = path.join(dir, "fleet.yaml");
        const commandLog = path.join(dir, "commands.log");
        fs.writeFileSync(file, fleetYaml(emu.url, tenants));
        const byTenant = new Map<string, string>();
        for (const t of tenants) {
            const stack = `tenant-${String(t.index).padStart(4, "0")}`;
            byTenant.set(t.domain.toLowerCase(), stack);
            byTenant.set(t.tenantId.toLowerCase(), stack);
        }
        const options = {
            pulumiCommand: await PulumiCommand.get({ root: timingPulumi(binDir, path.join(dir, "pulumi"), commandLog), skipVersionCheck: true }),
            envVars: {
                PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
                PULUMI_HOME: home,
                PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
                PULUMI_CONFIG_PASSPHRASE: "fleet-bench",
                PULUMI_SKIP_UPDATE_CHECK: "true",
                PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
                NO_COLOR: "1",
            },
            environment: Object.fromEntries(tenants.map((t) => [secretVariable(t), t.clientSecret])),
        };
        const phase = (command: FleetCommand) =>
            runPhase(command, file, parallel, emu, options, { commands: commandLog, plugins: pluginLog }, byTenant, log);
        const preview = await phase("preview");
        log(`preview --parallel ${parallel}: ${(preview.wallMs / 1000).toFixed(1)} s`);
        const up = await phase("up");
        log(`up --parallel ${parallel}: ${(up.wallMs / 1000).toFixed(1)} s`);
        const rerun = await phase("preview");
        log(`rerun preview --parallel ${parallel}: ${(rerun.wallMs / 1000).toFixed(1)} s`);
        if (!rerun.rows.every((r) => r.status === "converged")) throw new Error(`the preview after up of --parallel ${parallel} has changes`);
        return { parallel, phases: { preview, up, rerun } };
    } finally {
        await emu.close();
    }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** The medians of each part of a tenant's time, in words. */
function splitText(splits: readonly Split[], count: number): string {
    const m = (k: keyof Split) => seconds(median(splits.map((s) => s[k])));
    const total = median(splits.map((s) => s.workspace + s.cliStart + s.plugin + s.signIn + s.requests + s.rest + s.summary));
    return (
        `workspace ${m("workspace")}, CLI start ${m("cliStart")}, plugin ${m("plugin")}, sign-in ${m("signIn")}, requests ${m("requests")}, ` +
        `the rest ${m("rest")}, summary ${m("summary")} (total ${seconds(total)}; ${splits.length} of the ${count} tenants split)`
    );
}

export const run: Benchmark = async (ctx): Promise<BenchResult[]> => {
    const binDir = requirePulumi();
    const count = ctx.quick ? 1 : 100;
    const fast = defaultParallel();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tk-bench-fleet-"));
    try {
        const home = path.join(scratch, "home");
        execFileSync(path.join(binDir, "pulumi"), ["plugin", "install", "resource", "tenantkit", TENANTKIT_VERSION, "--file", PLUGIN_DIR], {
            env: { ...process.env, PULUMI_HOME: home, PULUMI_SKIP_UPDATE_CHECK: "true" },
            stdio: "ignore",
        });
        const pluginLog = path.join(scratch, "plugin-starts.log");
        logPluginStarts(home, pluginLog);
        const sides: Record<number, Side> = {};
        for (const parallel of inTurn(0, [fast, 1])) sides[parallel] = await runSide(count, parallel, scratch, home, binDir, pluginLog, ctx.log);
        const [def, one] = [sides[fast]!, sides[1]!];
        const what = `${count} of the emulator's generated tenants, each a branding with an image, two localizations and a push dataset`;
        const phaseResult = (key: keyof Side["phases"], name: string, doing: string): BenchResult => {
            const [a, b] = [def.phases[key], one.phases[key]];
            return result({
                name: `fleet: ${name} of ${count} tenants, default --parallel (${fast}) against --parallel 1`,
                unit: "ms",
                values: [a.wallMs],
                comparison: { name: "the same fleet at --parallel 1, in the same run", values: [b.wallMs] },
                goal: "below 1.0x: the default parallelism pays",
                met: (_v, _c, ratio) => ratio < 1.0,
                notes:
                    `${what}; ${doing}; one run per side, each on a fresh emulator and file:// backend (the default first). ` +
                    `A tenant's median time at --parallel ${fast}: ${splitText(a.splits, count)}; at --parallel 1: ${splitText(b.splits, count)}. ` +
                    `Peak memory of the run (this process and every pulumi and plugin process it started, resident memory summed): ` +
                    `${mib(a.peakBytes)} with up to ${a.peakProcesses} processes at --parallel ${fast}, ${mib(b.peakBytes)} with up to ${b.peakProcesses} at --parallel 1; ` +
                    `${a.requests} and ${b.requests} requests to the emulator`,
            });
        };
        const up = def.phases.up;
        return [
            phaseResult("preview", "preview", "the preview of the new fleet (no stack yet)"),
            phaseResult("up", "up", "up from empty stacks"),
            phaseResult("rerun", "preview of the converged fleet", "the preview after up, every tenant unchanged (what a rerun costs)"),
            result({
                name: `fleet: peak memory of the up of ${count} tenants at the default --parallel (${fast})`,
                unit: "B",
                values: [up.peakBytes],
                comparison: { name: "the same up at --parallel 1", values: [one.phases.up.peakBytes] },
                goal: `at most ${fast}x: memory grows with the stacks at once, not with the fleet`,
                met: (_v, _c, ratio) => ratio <= fast,
                notes: `${what}; resident memory of this process and every process under it, sampled every 200 ms, summed (shared pages counted in each); up to ${up.peakProcesses} processes at once`,
            }),
        ];
    } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
    }
};
