/**
 * A fleet file (docs/fleet.md): one standard of tenantkit resources applied to many tenants, one stack per tenant.
 * loadFleet reads it, checks all of it (validate.ts) and returns each tenant's plan (plan.ts), or throws one error
 * that lists every problem, so that nothing runs against any tenant while the file is wrong.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { planTenants, type TenantPlan } from "./plan";
import { parseSource, type Problem } from "./source";
import { validateFleet } from "./validate";

export type { ResourceSpec, SecretRef, TenantPlan } from "./plan";
export type { Problem } from "./source";
// The runner's one import: the shards are part of reading a fleet for it.
export { MAX_SHARDS, parseShard, shard, shardOf, type ShardSpec } from "./shard";

export interface Fleet {
    /** The fleet file's absolute path. */
    readonly file: string;
    /** The Pulumi project of every tenant's stack. */
    readonly project: string;
    /** Each tenant's plan, in the file's order. */
    readonly tenants: readonly TenantPlan[];
}

/** A fleet file with problems: each one `file:line:col: <path> <message>`, one a line, in the file's order. */
export class FleetFileError extends Error {
    readonly problems: readonly Problem[];

    constructor(problems: readonly Problem[]) {
        const sorted = [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
        const count = sorted.length === 1 ? "1 problem" : `${sorted.length} problems`;
        super(`the fleet file has ${count}:\n${sorted.map(formatProblem).join("\n")}`);
        this.name = "FleetFileError";
        this.problems = sorted;
    }
}

/** One problem as an editor or a CI log links it: `file:line:col: <path> <message>` (no position when there is none). */
export function formatProblem(p: Problem): string {
    const where = p.line > 0 ? `${p.file}:${p.line}:${p.column}:` : `${p.file}:`;
    return p.path === "" ? `${where} ${p.message}` : `${where} ${p.path} ${p.message}`;
}

/** Reads, checks and plans a fleet file (YAML, or JSON); throws FleetFileError listing every problem. */
export function loadFleet(file: string): Fleet {
    let text: string;
    try {
        text = fs.readFileSync(file, "utf8");
    } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        const why =
            code === "ENOENT" ? "does not exist" : code === "EISDIR" ? "is a folder, not a fleet file" : `cannot be read (${code ?? String(err)})`;
        throw new FleetFileError([{ file, line: 0, column: 0, path: "", message: why }]);
    }
    const parsed = parseSource(file, text);
    if (parsed.problems.length > 0) throw new FleetFileError(parsed.problems);
    const { fleet, problems } = validateFleet(file, parsed.root);
    if (fleet === undefined) throw new FleetFileError(problems);
    return { file: path.resolve(file), project: fleet.project, tenants: planTenants(fleet) };
}
