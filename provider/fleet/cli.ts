#!/usr/bin/env node
/**
 * `tenantkit-fleet <preview|up|drift|destroy|report> [--file FLEET.yaml] [--parallel N] [--shard I/N] [--out DIR] [--json]`:
 * runs the command over each tenant of a fleet file, a stack per tenant (run.ts; report.ts for `report`). On a
 * terminal it prints a line as each tenant finishes, then a table; `--json` prints one JSON document instead, for CI.
 * Nothing it prints holds a credential.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { errorHeadline } from "./errorText";
import { FleetFileError, loadFleet, shard } from "./fleetFile";
import { fleetReport, FleetReportError, type FleetReportResult } from "./report";
import { defaultParallel, runFleet, type FleetResult, type TenantRow } from "./run";

/** The commands of the command line: `runFleet`'s, but its `status` is what `report` runs and shows. */
export const CLI_COMMANDS = ["preview", "up", "drift", "destroy", "report"] as const;
export type CliCommand = (typeof CLI_COMMANDS)[number];

/** Where `report` writes its page by default, from the current folder. */
export const DEFAULT_REPORT_DIR = path.join(".tenantkit", "fleet-report");

const USAGE = `usage: tenantkit-fleet <preview|up|drift|destroy|report> [--file FLEET.yaml] [--parallel N] [--shard I/N] [--out DIR] [--json]
  runs the command over each tenant of the fleet file: a Pulumi stack per tenant, named after it, on the backend
  \`pulumi login\` chose (PULUMI_BACKEND_URL too), through tenantkit's provider plugin
  preview            what each tenant's stack would change (creates, updates, replaces, deletes)
  up                 applies the standard, with each tenant's overrides, to every tenant
  drift              which resources of each tenant were changed outside the program, and which properties
                     (a refresh in preview mode: nothing is written)
  destroy            gives each tenant back what tenantkit changed, and removes what it made
  report             a static HTML page (DIR/index.html, and PNGs): per tenant its status, what was changed by hand,
                     and its sign-in page before (live) and after (the fleet's branding), rendered in Chromium
                     (TENANTKIT_CHROMIUM, else the usual install paths); writes nothing to the tenants
  --file FLEET.yaml  the fleet file (default: fleet.yaml in this folder)
  --parallel N       stacks at once (default: the machine's cores, here ${defaultParallel()})
  --shard I/N        only the I-th of N shards (1-based; each tenant is in the same shard on every machine)
  --out DIR          report: where the page goes (default: ${DEFAULT_REPORT_DIR})
  --json             one JSON document on stdout instead of progress and a table
  -h, --help         print this help
exit status: 0 every tenant converged, 1 a tenant failed, 2 nothing ran (bad arguments, fleet file or folder, no pulumi,
or, report, no Chromium), 3 changes pending (preview, report) or drift found (drift, report)`;

export interface FleetArgs {
    readonly command: CliCommand;
    readonly file: string;
    readonly parallel?: number;
    readonly shard?: string;
    /** `report` only: the page's folder. */
    readonly out?: string;
    readonly json: boolean;
}

/** A command line the command does not understand: reported with the usage, exit 2. */
export class UsageError extends Error {}

/** The command line's meaning, or `"help"`. */
export function parseFleetArgs(argv: readonly string[]): FleetArgs | "help" {
    if (argv.some((a) => a === "-h" || a === "--help")) return "help";
    let command: CliCommand | undefined;
    let file = "fleet.yaml";
    let parallel: number | undefined;
    let shardSpec: string | undefined;
    let out: string | undefined;
    let json = false;
    for (let i = 0; i < argv.length; i++) {
        const [flag, inline] =
            argv[i]!.startsWith("--") && argv[i]!.includes("=")
                ? [argv[i]!.slice(0, argv[i]!.indexOf("=")), argv[i]!.slice(argv[i]!.indexOf("=") + 1)]
                : [argv[i]!, undefined];
        const value = (): string => {
            if (inline !== undefined) return inline;
            const v = argv[i + 1];
            if (v === undefined || v.startsWith("--")) throw new UsageError(`${flag} needs a value`);
            i++;
            return v;
        };
        switch (flag) {
            case "--file":
                file = value();
                break;
            case "--parallel": {
                const v = value();
                parallel = Number(v);
                if (!Number.isInteger(parallel) || parallel < 1) throw new UsageError(`--parallel must be a whole number of at least 1, got ${v}`);
                break;
            }
            case "--shard":
                shardSpec = value();
                break;
            case "--out":
                out = value();
                break;
            case "--json":
                json = true;
                break;
            default:
                if (flag.startsWith("-")) throw new UsageError(`unknown option ${flag}`);
                if (command !== undefined) throw new UsageError(`one command at a time: ${command} and ${flag}`);
                if (!(CLI_COMMANDS as readonly string[]).includes(flag))
                    throw new UsageError(`unknown command ${flag}: one of ${CLI_COMMANDS.join(", ")}`);
                command = flag as CliCommand;
        }
    }
    if (command === undefined) throw new UsageError(`no command: one of ${CLI_COMMANDS.join(", ")}`);
    if (out !== undefined && command !== "report") throw new UsageError(`--out is an option of report, not of ${command}`);
    return {
        command,
        file,
        json,
        ...(parallel === undefined ? {} : { parallel }),
        ...(shardSpec === undefined ? {} : { shard: shardSpec }),
        ...(out === undefined ? {} : { out }),
    };
}

const COLUMNS = ["create", "update", "replace", "delete"] as const;

/** One line per tenant as it finishes. */
export function progressLine(row: TenantRow): string {
    const counts = COLUMNS.filter((c) => row.changes[c] > 0).map((c) => `${c} ${row.changes[c]}`);
    const what =
        row.status === "error" ? `error: ${errorHeadline(row.error ?? "")}` : `${row.status}${counts.length > 0 ? ` (${counts.join(", ")})` : ""}`;
    return `${row.stack}: ${what} in ${row.seconds} s`;
}

/** The table of a run: a row per tenant, the totals, then each error in full. */
export function table(result: Pick<FleetResult, "rows" | "totals" | "converged">): string {
    const head = ["stack", "tenant", ...COLUMNS, "status"];
    const body = result.rows.map((r) => [r.stack, r.tenant, ...COLUMNS.map((c) => String(r.changes[c])), r.status]);
    const t = result.totals;
    const foot = [
        `total`,
        `${t.tenants} tenants, ${t.errors} errors`,
        ...COLUMNS.map((c) => String(t[c])),
        result.converged ? "converged" : "not converged",
    ];
    const rows = [head, ...body, foot];
    const widths = head.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    const numeric = (i: number) => i >= 2 && i < 2 + COLUMNS.length;
    const line = (r: string[]) =>
        r
            .map((c, i) => (numeric(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
            .join("  ")
            .trimEnd();
    const drift = result.rows
        .filter((r) => (r.drift ?? []).length > 0)
        .map(
            (r) =>
                `\n${r.stack} drifted:\n${r.drift!.map((d) => `  ${d.resource} (${d.type}) ${d.op}: ${d.properties.join(", ") || "-"}`).join("\n")}`,
        );
    const errors = result.rows.filter((r) => r.error !== undefined).map((r) => `\n${r.stack}:\n${r.error!.replace(/^/gm, "  ")}`);
    return [...rows.map(line), ...drift, ...errors].join("\n");
}

/** The exit status of a result: 0 converged, 1 a tenant failed, 3 a preview with changes pending or drift found. */
export function exitStatus(result: Pick<FleetResult, "totals" | "converged">): number {
    if (result.totals.errors > 0) return 1;
    return result.converged ? 0 : 3;
}

async function main(argv: readonly string[]): Promise<number> {
    let args: FleetArgs | "help";
    try {
        args = parseFleetArgs(argv);
    } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        process.stderr.write(`tenantkit-fleet: ${err.message}\n${USAGE}\n`);
        return 2;
    }
    if (args === "help") {
        process.stdout.write(`${USAGE}\n`);
        return 0;
    }
    if (!fs.existsSync(args.file)) {
        process.stderr.write(`tenantkit-fleet: no fleet file ${args.file}: name one with --file, or run in the folder that holds fleet.yaml\n`);
        return 2;
    }
    let fleet;
    try {
        fleet = loadFleet(args.file);
        if (args.shard !== undefined) fleet = { ...fleet, tenants: shard(fleet.tenants, args.shard) };
    } catch (err) {
        process.stderr.write(`tenantkit-fleet: ${err instanceof Error ? err.message : String(err)}\n`);
        return 2;
    }
    const json = args.json;
    if (!json)
        process.stderr.write(`${args.command} of ${fleet.tenants.length} tenants of ${args.file}, ${args.parallel ?? defaultParallel()} at a time\n`);
    const runOptions = {
        ...(args.parallel === undefined ? {} : { parallel: args.parallel }),
        onRow: json ? undefined : (row: TenantRow) => process.stderr.write(`${progressLine(row)}\n`),
    };
    let result: FleetResult | FleetReportResult;
    try {
        result =
            args.command === "report"
                ? await fleetReport(fleet, {
                      ...runOptions,
                      outDir: path.resolve(args.out ?? DEFAULT_REPORT_DIR),
                      ...(json
                          ? {}
                          : {
                                onRendering: (n: number) =>
                                    process.stderr.write(`the sign-in pages of ${n} tenants: their live branding, then Chromium\n`),
                            }),
                  })
                : await runFleet(fleet, args.command, runOptions);
    } catch (err) {
        // What the runner throws it throws before any stack runs (no CLI, a folder of another project), as the report
        // does its FleetReportError (no Chromium, no renderer); a tenant's failure is its row's.
        if (args.command === "report" && !(err instanceof FleetReportError)) throw err;
        process.stderr.write(`tenantkit-fleet: ${err instanceof Error ? err.message : String(err)}\n`);
        return 2;
    }
    process.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : `${table(result)}\n`);
    if (!json && "report" in result) process.stdout.write(`${result.report}\n`);
    return exitStatus(result);
}

if (require.main === module) {
    main(process.argv.slice(2)).then(
        (code) => (process.exitCode = code),
        (err: unknown) => {
            process.stderr.write(`tenantkit-fleet: ${err instanceof Error ? err.message : String(err)}\n`);
            process.exitCode = 1;
        },
    );
}

export { FleetFileError };
