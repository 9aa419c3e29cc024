/**
 * Runs a command over a fleet: one Pulumi stack per tenant (the tenant's name), all of one project, through the
 * Automation API with an inline program over the provider plugin (DESIGN.md, "A fleet of tenants": why inline).
 * At most `parallel` stacks run at once; a tenant's failure is its row's error and the others go on.
 *
 * Nothing here writes a secret anywhere: a credential is read where its reference points (an environment variable, or
 * the tenant's stack config, read by the program itself) and reaches the engine as a secret provider input; a row's
 * error has every credential value this process read taken out.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { parse as parseYaml } from "yaml";
import { LocalWorkspace, PulumiCommand, Stack, type EngineEvent, type LocalWorkspaceOptions, type OpMap } from "@pulumi/pulumi/automation";
import { redactSecrets } from "../core/errors/redact";
import { urnParts } from "../core/model/patterns";
import { errorText } from "./errorText";
import type { Fleet, ResourceSpec, SecretRef, TenantPlan } from "./fleetFile";

/**
 * What the command does to each tenant's stack. `status` is `drift` then `preview` in one pass over the stack (what
 * `tenantkit-fleet report` shows: the changes pending and what was changed by hand); it writes nothing either.
 */
export type FleetCommand = "preview" | "up" | "drift" | "destroy" | "status";
export const FLEET_COMMANDS: readonly FleetCommand[] = ["preview", "up", "drift", "destroy", "status"];

/** A resource of a tenant whose live values are not what the stack's state holds (`drift`: a refresh in preview mode). */
export interface Drift {
    /** The resource's name in the fleet file. */
    readonly resource: string;
    readonly type: string;
    /** `update`: properties changed outside the program; `delete`: the resource is gone. */
    readonly op: string;
    /** The properties that differ, as the refresh names them. */
    readonly properties: readonly string[];
}

/** The resource changes a row counts, as the engine names its operations. */
export interface ChangeCounts {
    readonly create: number;
    readonly update: number;
    readonly replace: number;
    readonly delete: number;
    readonly same: number;
}

/** One tenant's outcome. */
export interface TenantRow {
    readonly tenant: string;
    readonly stack: string;
    /**
     * `converged`: nothing left to do (a preview of no change, an up or destroy that succeeded, no drift); `changes`: a
     * preview that would change something; `drifted`: resources changed outside the program (`status`: with the changes
     * pending counted, which a drifted tenant always has: its preview puts the fleet's values back); `error`.
     */
    readonly status: "converged" | "changes" | "drifted" | "error";
    readonly changes: ChangeCounts;
    /** `drift` and `status` only: what was changed by hand. */
    readonly drift?: readonly Drift[];
    /** What failed, without any credential: the stack's error as the engine and tenantkit worded it. */
    readonly error?: string;
    /** When this tenant's run began (ISO 8601): which tenants ran at once, in a CI log. */
    readonly started: string;
    readonly seconds: number;
}

export interface FleetResult {
    readonly command: FleetCommand;
    readonly rows: readonly TenantRow[];
    readonly totals: ChangeCounts & { readonly tenants: number; readonly errors: number };
    /** Every tenant converged: what a CI job's exit code says. */
    readonly converged: boolean;
}

export interface FleetRunOptions {
    /** Stacks at once; by default the machine's cores (each stack is a `pulumi` process and a plugin process). */
    readonly parallel?: number;
    /** The folder that holds the fleet's Pulumi.yaml and its stacks' config files; by default the fleet file's. */
    readonly workDir?: string;
    /** The `pulumi` to run (PulumiCommand.get); by default the one on PATH. */
    readonly pulumiCommand?: PulumiCommand;
    /** Environment for every `pulumi` process beside this process's own (backend, passphrase, plugin mirror). */
    readonly envVars?: Record<string, string>;
    /** Called as each tenant finishes, in the order they finish. */
    readonly onRow?: (row: TenantRow) => void;
    /** Where the program's credentials come from for `{ env }` references: this process's environment by default. */
    readonly environment?: NodeJS.ProcessEnv;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package's own version, which the plugin must match
const { version: VERSION } = require("../../package.json") as { version: string };
const PLUGIN_DOWNLOAD_URL = "github://api.github.com/pulumi-tenantkit";

/** The default of `--parallel`: a stack at a time per core, at least one. */
export const defaultParallel = (): number => Math.max(1, os.availableParallelism());

/** Runs `command` over every tenant of `fleet`, `parallel` at a time. */
export async function runFleet(fleet: Fleet, command: FleetCommand, options: FleetRunOptions = {}): Promise<FleetResult> {
    const parallel = options.parallel ?? defaultParallel();
    if (!Number.isInteger(parallel) || parallel < 1) throw new Error(`parallel must be a whole number of at least 1, got ${parallel}`);
    projectFolderFits(options.workDir ?? path.dirname(fleet.file), fleet.project);
    // One `pulumi version` for the run: a workspace given none finds and checks the CLI again for every tenant.
    if (fleet.tenants.length > 0 && options.pulumiCommand === undefined) options = { ...options, pulumiCommand: await pulumiOnPath() };
    const existing = fleet.tenants.length > 0 ? await existingStacks(fleet, options) : new Set<string>();
    const rows: TenantRow[] = new Array<TenantRow>(fleet.tenants.length);
    let next = 0;
    const worker = async () => {
        while (next < fleet.tenants.length) {
            const i = next++;
            const row = await runTenant(fleet, fleet.tenants[i]!, command, options, existing);
            rows[i] = row;
            options.onRow?.(row);
        }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, fleet.tenants.length) }, worker));
    return { command, rows, totals: totalsOf(rows), converged: rows.every((r) => r.status === "converged") };
}

/**
 * Every tenant's workspace: the fleet's folder, the run's `pulumi` and environment, and the project when the folder
 * has no Pulumi.yaml yet (LocalWorkspace writes it then; projectFolderFits judged one that is there).
 */
function workspaceOptions(fleet: Fleet, options: FleetRunOptions): LocalWorkspaceOptions {
    const workDir = options.workDir ?? path.dirname(fleet.file);
    return {
        workDir,
        ...(fs.existsSync(path.join(workDir, "Pulumi.yaml")) ? {} : { projectSettings: { name: fleet.project, runtime: "nodejs" } }),
        ...(options.pulumiCommand ? { pulumiCommand: options.pulumiCommand } : {}),
        ...(options.envVars ? { envVars: options.envVars } : {}),
    };
}

/**
 * The project's stacks on the backend, by name: one `pulumi stack ls` for the run, so that a tenant whose stack exists
 * runs no `pulumi stack select` (a process that loads the backend, about 0.2-0.4 s a tenant, and writes the folder's
 * current stack, which every tenant of a run would race for) and a new one runs `pulumi stack init`. Each command of
 * the Automation API names its stack itself.
 */
async function existingStacks(fleet: Fleet, options: FleetRunOptions): Promise<Set<string>> {
    const workspace = await LocalWorkspace.create(workspaceOptions(fleet, options));
    // A backend other than a folder names a stack with its organization and project: `org/project/tenant`.
    return new Set((await workspace.listStacks()).map((s) => s.name.split("/").at(-1)!));
}

/** The stack `name`, which exists, without `pulumi stack select` (existingStacks says why). */
function selectedWithoutCommand(name: string, workspace: LocalWorkspace): Promise<Stack> {
    workspace.selectStack = () => Promise.resolve();
    return Stack.select(name, workspace);
}

/** The `pulumi` on PATH, or an error that says what to install. */
async function pulumiOnPath(): Promise<PulumiCommand> {
    try {
        return await PulumiCommand.get();
    } catch (err) {
        // The Automation API's message is its command's output in full; its reason is the line that says why.
        const message = err instanceof Error ? err.message : String(err);
        const reason = /Command failed with [^\n]*/.exec(message)?.[0] ?? message.trim().split("\n").at(-1);
        throw new Error(
            `could not run the Pulumi CLI (${reason}): put pulumi on PATH (https://www.pulumi.com/docs/iac/download-install/), then run again`,
        );
    }
}

/**
 * Refuses a stacks' folder whose Pulumi.yaml names another project: the Automation API would keep it, and the stacks
 * would be that project's, not the fleet file's.
 */
function projectFolderFits(workDir: string, project: string): void {
    const file = path.join(workDir, "Pulumi.yaml");
    if (!fs.existsSync(file)) return;
    let named: unknown;
    try {
        named = (parseYaml(fs.readFileSync(file, "utf8")) as { name?: unknown } | null)?.name;
    } catch (err) {
        throw new Error(
            `${file} is not YAML the runner can read (${(err as Error).message.split("\n")[0]}): give the fleet its own folder, or mend it`,
        );
    }
    if (named !== project) {
        throw new Error(
            `${file} names the project ${typeof named === "string" ? named : "(none)"}, the fleet file ${project}: give the fleet its own folder, or the same project name in both`,
        );
    }
}

const NO_CHANGES: ChangeCounts = { create: 0, update: 0, replace: 0, delete: 0, same: 0 };

function countsOf(ops: OpMap | undefined): ChangeCounts {
    return {
        create: ops?.create ?? 0,
        update: ops?.update ?? 0,
        replace: ops?.replace ?? 0,
        delete: ops?.delete ?? 0,
        same: ops?.same ?? 0,
    };
}

function totalsOf(rows: readonly TenantRow[]): FleetResult["totals"] {
    const sum = (k: keyof ChangeCounts) => rows.reduce((n, r) => n + r.changes[k], 0);
    return {
        tenants: rows.length,
        errors: rows.filter((r) => r.status === "error").length,
        create: sum("create"),
        update: sum("update"),
        replace: sum("replace"),
        delete: sum("delete"),
        same: sum("same"),
    };
}

/** The credentials a tenant's `{ env }` references point at, read now: a missing one is the tenant's error before its stack runs. */
function environmentSecrets(plan: TenantPlan, environment: NodeJS.ProcessEnv): Record<string, string> {
    const found: Record<string, string> = {};
    const missing: string[] = [];
    for (const [key, ref] of Object.entries(plan.secrets)) {
        if (!("env" in ref)) continue;
        const value = environment[ref.env];
        if (value === undefined || value === "") missing.push(`${key} (environment variable ${ref.env})`);
        else found[key] = value;
    }
    if (missing.length > 0)
        throw new Error(`tenant ${plan.name}: ${missing.join(", ")} not set: export it before the run, or reference a secret stack config key`);
    return found;
}

/**
 * The tenant's provider config as its program gives it, keyed as a stack's config is (`tenantkit:<key>`): the plan's
 * settings, `tenantId`, and its credentials' values, read now from the environment or from the tenant's stack config
 * (a secret there is decrypted by `pulumi config get`, in memory). For the report's read of the live branding, which
 * takes it on a process's stdin: it is never written, logged or put in a row. Rejects, naming the tenant, when a
 * credential is not where its reference points.
 */
export async function providerConfig(fleet: Fleet, plan: TenantPlan, options: FleetRunOptions = {}): Promise<Record<string, string>> {
    const values: Record<string, string> = {
        ...plan.settings,
        tenantId: plan.tenant,
        ...environmentSecrets(plan, options.environment ?? process.env),
    };
    const fromConfig = Object.entries(plan.secrets).filter((e): e is [string, { config: string }] => "config" in e[1]);
    if (fromConfig.length > 0) {
        const stack = await LocalWorkspace.selectStack(
            { stackName: plan.name, projectName: fleet.project, program: async () => undefined },
            {
                workDir: options.workDir ?? path.dirname(fleet.file),
                ...(options.pulumiCommand ? { pulumiCommand: options.pulumiCommand } : {}),
                ...(options.envVars ? { envVars: options.envVars } : {}),
            },
        );
        for (const [key, ref] of fromConfig) {
            try {
                values[key] = (await stack.getConfig(ref.config)).value;
            } catch {
                throw new Error(
                    `tenant ${plan.name}: ${key} (secret stack config ${ref.config}) could not be read from stack ${plan.name}: set it with \`pulumi config set --secret --stack ${plan.name} ${ref.config} <value>\` in the fleet's folder`,
                );
            }
        }
    }
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [`tenantkit:${k}`, v]));
}

/** The program of one tenant: its explicit provider with the tenant's settings and credentials, and its resources. */
function programOf(plan: TenantPlan, fromEnvironment: Record<string, string>): pulumi.automation.PulumiFn {
    return async () => {
        const secrets: Record<string, pulumi.Input<string>> = {};
        for (const [key, ref] of Object.entries(plan.secrets) as [string, SecretRef][]) {
            secrets[key] = "env" in ref ? pulumi.secret(fromEnvironment[key]!) : configSecret(ref.config);
        }
        const provider = new TenantkitProvider(
            "tenantkit",
            { ...plan.settings, tenantId: plan.tenant, ...secrets },
            { version: VERSION, pluginDownloadURL: PLUGIN_DOWNLOAD_URL },
        );
        // Each resource after those its `dependsOn` names (the loader checked that they exist).
        const made = new Map<string, FleetResource>();
        const making: string[] = [];
        const make = (name: string): FleetResource => {
            const done = made.get(name);
            if (done) return done;
            if (making.includes(name)) throw new Error(`dependsOn forms a cycle: ${[...making.slice(making.indexOf(name)), name].join(" -> ")}`);
            making.push(name);
            const spec = plan.resources[name]!;
            const dependsOn = ((spec.options?.dependsOn as string[] | undefined) ?? []).map(make);
            const resource = new FleetResource(spec.type, name, inputsOf(spec.properties) as pulumi.Inputs, {
                provider,
                ...resourceOptions(spec),
                ...(dependsOn.length > 0 ? { dependsOn } : {}),
            });
            made.set(name, resource);
            making.pop();
            return resource;
        };
        for (const name of Object.keys(plan.resources)) make(name);
    };
}

/** The plugin's provider, by its package name: the SDK's classes are abstract, for generated SDKs to name. */
class TenantkitProvider extends pulumi.ProviderResource {
    constructor(name: string, args: pulumi.Inputs, opts: pulumi.ResourceOptions) {
        super("tenantkit", name, args, opts);
    }
}

/** A resource of the schema by its type token, as a Pulumi YAML program registers it. */
class FleetResource extends pulumi.CustomResource {
    constructor(type: string, name: string, args: pulumi.Inputs, opts: pulumi.CustomResourceOptions) {
        super(type, name, args, opts);
    }
}

/** A secret of the tenant's stack config: `key` in the project's namespace, or `namespace:key`. */
function configSecret(key: string): pulumi.Output<string> {
    const at = key.indexOf(":");
    return at < 0 ? new pulumi.Config().requireSecret(key) : new pulumi.Config(key.slice(0, at)).requireSecret(key.slice(at + 1));
}

/** The resource options a fleet file may give, as the SDK takes them. */
function resourceOptions(spec: ResourceSpec): pulumi.CustomResourceOptions {
    const o = spec.options ?? {};
    const pick = <K extends keyof pulumi.CustomResourceOptions>(k: K) => (k in o ? { [k]: o[k] as pulumi.CustomResourceOptions[K] } : {});
    return {
        ...pick("protect"),
        ...pick("retainOnDelete"),
        ...pick("deleteBeforeReplace"),
        ...pick("ignoreChanges"),
        ...pick("replaceOnChanges"),
        ...pick("customTimeouts"),
    };
}

/** The fleet file's values as the SDK takes them: `fn::fileAsset` becomes a FileAsset. */
function inputsOf(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(inputsOf);
    if (value === null || typeof value !== "object") return value;
    const o = value as Record<string, unknown>;
    if (typeof o["fn::fileAsset"] === "string") return new pulumi.asset.FileAsset(o["fn::fileAsset"]);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, inputsOf(v)]));
}

async function runTenant(
    fleet: Fleet,
    plan: TenantPlan,
    command: FleetCommand,
    options: FleetRunOptions,
    existing: ReadonlySet<string>,
): Promise<TenantRow> {
    const started = Date.now();
    const read: string[] = [];
    const row = (status: TenantRow["status"], changes: ChangeCounts, error?: string, drift?: Drift[]): TenantRow => ({
        tenant: plan.tenant,
        stack: plan.name,
        status,
        changes,
        ...(drift === undefined ? {} : { drift }),
        ...(error === undefined ? {} : { error: redactSecrets(error, read) }),
        started: new Date(started).toISOString(),
        seconds: Math.round((Date.now() - started) / 100) / 10,
    });
    try {
        const fromEnvironment = environmentSecrets(plan, options.environment ?? process.env);
        read.push(...Object.values(fromEnvironment));
        const workspace = await LocalWorkspace.create({ ...workspaceOptions(fleet, options), program: programOf(plan, fromEnvironment) });
        const stack = existing.has(plan.name) ? await selectedWithoutCommand(plan.name, workspace) : await Stack.create(plan.name, workspace);
        const summary = withoutAfterwords(stack);
        switch (command) {
            case "preview": {
                const r = await stack.preview();
                const changes = countsOf(r.changeSummary);
                const changed = changes.create + changes.update + changes.replace + changes.delete > 0;
                return row(changed ? "changes" : "converged", changes);
            }
            case "up": {
                await stack.up({ onEvent: summary.collect });
                return row("converged", summary.counts());
            }
            case "drift": {
                const drift: Drift[] = [];
                await stack.refresh({ ...READ_AS_NOW, onEvent: (e) => (summary.collect(e), collectDrift(e, drift)) });
                return row(drift.length > 0 ? "drifted" : "converged", summary.counts(), undefined, drift);
            }
            case "destroy": {
                await stack.destroy({ onEvent: summary.collect });
                return row("converged", summary.counts());
            }
            case "status": {
                const drift: Drift[] = [];
                await stack.refresh({ ...READ_AS_NOW, onEvent: (e) => collectDrift(e, drift) });
                const changes = countsOf((await stack.preview()).changeSummary);
                const changed = changes.create + changes.update + changes.replace + changes.delete > 0;
                // Drift first: a tenant changed by hand also has the update that undoes it, and the report must say which.
                return row(drift.length > 0 ? "drifted" : changed ? "changes" : "converged", changes, undefined, drift);
            }
        }
    } catch (err) {
        return row("error", NO_CHANGES, withFleetCredentials(errorText(err), plan, fleet.file));
    }
}

/**
 * The Automation API ends an up, refresh or destroy by running `pulumi stack output` twice (the outputs) and `pulumi
 * stack history` (the summary): three more `pulumi` processes per tenant, each loading the stack and its secrets
 * manager, about 1 s of a tenant's 2.7 s up (bench/fleet.ts splits it). A fleet's program exports no output, and the
 * engine's own summary event gives the counts a row needs, so this stack answers both from what the command streamed:
 * `collect` each event, then read `counts()`.
 */
function withoutAfterwords(stack: Stack): { collect: (event: EngineEvent) => void; counts: () => ChangeCounts } {
    let changes: OpMap | undefined;
    stack.outputs = () => Promise.resolve({});
    stack.info = () => Promise.resolve(undefined);
    return {
        collect: (event) => {
            if (event.summaryEvent) changes = event.summaryEvent.resourceChanges;
        },
        counts: () => countsOf(changes),
    };
}

/**
 * The provider's advice names its stack config (`pulumi config set --secret tenantkit:clientSecret ...`), which is not
 * where a fleet tenant's credential comes from: an error that names one of the tenant's credentials says where the
 * fleet file reads it.
 */
function withFleetCredentials(error: string, plan: TenantPlan, file: string): string {
    const named = Object.entries(plan.secrets).filter(([key]) => error.includes(`tenantkit:${key}`));
    if (named.length === 0) return error;
    const where = named.map(([key, ref]) =>
        "env" in ref ? `${key} is the environment variable ${ref.env}` : `${key} is the secret config key ${ref.config} of the stack ${plan.name}`,
    );
    return `${error}\nIn ${path.basename(file)}, this tenant's ${where.join("; its ")}: set that, not tenantkit's stack config.`;
}

/**
 * Drift is a refresh that writes nothing (`previewOnly`) and reads through the tenant's provider as the fleet file and
 * its credentials give it now (`runProgram`): without the program, a refresh configures the provider from the inputs
 * the stack's last up saved, so a rotated secret would fail it, and a secret that no longer works would go unnoticed.
 */
const READ_AS_NOW = { previewOnly: true, runProgram: true } as const;

/** A refresh's step that changes a resource of the program (not the stack, not a provider): drift. */
function collectDrift(event: EngineEvent, into: Drift[]): void {
    const m = event.resOutputsEvent?.metadata;
    if (!m || m.op === "same" || m.type === "pulumi:pulumi:Stack" || m.type.startsWith("pulumi:providers:")) return;
    into.push({ resource: urnParts(m.urn).name, type: m.type, op: m.op, properties: m.diffs ?? [] });
}
