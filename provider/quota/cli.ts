#!/usr/bin/env node
/**
 * `tenantkit-quota`: usage against limits for the JSON of `pulumi preview --json` or `pulumi stack export` of any
 * Pulumi program, as a table. Exits 1 when a limit is exceeded, 2 on bad input, so a CI step can gate on it:
 *
 *     pulumi preview --json --show-sames > plan.json && npx tenantkit-quota --existing existing.json plan.json
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { checkPlan } from "./checkPlan";
import type { CheckPlanOptions } from "./checkPlan";
import { loadMappingsModule } from "./mapping";
import { formatApiTime } from "./apiTime";
import { formatFindings } from "./report";

const USAGE = `usage: tenantkit-quota [options] <plan.json | ->
  reads the JSON of \`pulumi preview --json --show-sames\` or \`pulumi stack export\` ("-" or no file: standard input;
  without --show-sames a preview leaves out the resources the stack already has)
  --existing <file>    counts outside the stack: { "<limit id>": { "<scope key>" | "*": <count> } }
  --metastores <file>  workspace key -> metastore id, when workspaces use different metastores
  --warn-at <share>    share of a limit from which a check warns (default 0.8)
  --mappings <module>  a JS module exporting \`mappings\`, more type-to-limit mappings
  --all                list the checks that pass too
  --json               print the result as JSON
exit status: 0 no limit exceeded, 1 a limit exceeded, 2 bad input`;

/** Printed when a preview lists no unchanged resource: the CLI leaves them out unless asked. */
export const SHOW_SAMES_NOTE =
    "tenantkit-quota: note: this preview lists no unchanged resource. `pulumi preview --json` leaves out what the stack " +
    "already has unless run with --show-sames, so those resources are not counted here: make the plan with " +
    "`pulumi preview --json --show-sames` (this note is wrong only when every resource of the stack changes)";

/** Bad command-line input: printed with the usage, exit 2. */
class UsageError extends Error {}

interface Args {
    file?: string;
    options: CheckPlanOptions;
    all: boolean;
    json: boolean;
}

/** Runs the command; returns the exit status. Output goes through `out` and `err` (tests pass their own). */
export function main(argv: string[], out: (s: string) => void = console.log, err: (s: string) => void = console.error): number {
    // Asked for, the usage is the answer (stdout, 0); only bad input earns it on stderr with 2, which a CI step gates on.
    if (argv.some((a) => a === "--help" || a === "-h")) {
        out(USAGE);
        return 0;
    }
    let args: Args;
    try {
        args = parseArgs(argv);
    } catch (e) {
        err(`tenantkit-quota: ${(e as Error).message}\n${USAGE}`);
        return 2;
    }
    let result;
    try {
        result = checkPlan(readJson(args.file ?? "-", "plan"), args.options);
    } catch (e) {
        err(`tenantkit-quota: ${(e as Error).message}`);
        return 2;
    }
    const exceeded = result.findings.some((f) => f.status === "exceeded");
    if (result.unchangedMissing) err(SHOW_SAMES_NOTE);
    if (args.json) {
        out(JSON.stringify({ ...result, findings: result.findings.map((f) => ({ ...f, limit: f.limit.id })) }, null, 2));
    } else {
        out(`${result.kind === "preview" ? "preview" : "stack export"}: ${result.resources} resources, ${result.mapped} counted against limits`);
        out(formatFindings(result.findings, { all: args.all }));
        out(formatApiTime(result.apiTime));
    }
    return exceeded ? 1 : 0;
}

function parseArgs(argv: string[]): Args {
    const args: Args = { options: {}, all: false, json: false };
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        const value = (): string => {
            const v = argv[++i];
            if (v === undefined) throw new UsageError(`${a} needs a value`);
            return v;
        };
        if (a === "--existing") args.options.existing = readJson(value(), "--existing") as CheckPlanOptions["existing"];
        else if (a === "--metastores") args.options.metastores = readJson(value(), "--metastores") as Record<string, string>;
        else if (a === "--warn-at") args.options.warnAt = Number(value());
        else if (a === "--mappings") args.options.mappings = loadMappingsModule(path.resolve(value()));
        else if (a === "--all") args.all = true;
        else if (a === "--json") args.json = true;
        else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
        else if (args.file !== undefined) throw new UsageError(`one plan file only, got ${args.file} and ${a}`);
        else args.file = a;
    }
    return args;
}

function readJson(file: string, what: string): unknown {
    let text: string;
    try {
        text = fs.readFileSync(file === "-" ? 0 : file, "utf8");
    } catch (e) {
        throw new UsageError(
            `cannot read ${what} ${file === "-" ? "from standard input" : file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        );
    }
    try {
        return JSON.parse(text);
    } catch (e) {
        throw new UsageError(`${what} ${file === "-" ? "(standard input)" : file} is not JSON: ${(e as Error).message}`);
    }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
