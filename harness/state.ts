/**
 * The lifecycle runner's state file: a small, readable subset of a Pulumi checkpoint
 * (`pulumi stack export`: `deployment.resources[]`, the stack resource's outputs).
 *
 * Secrets stay wrapped with the secret signature and hold PLAINTEXT: the engine's state would hold ciphertext
 * from the stack's secrets provider instead. Tests check secretness by the wrapper, never by encryption.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PropertyMap, StackConfig, isPropertyMap, toPropertyMap } from "./wire";

/** One resource in state, as the engine records it. */
export interface ResourceState {
    urn: string;
    type: string;
    /** False for component resources (the stack included): no provider, no id. */
    custom: boolean;
    /** The provider's id; `""` for components. */
    id: string;
    inputs: PropertyMap;
    /** Outputs; for dynamic resources they hold the `__provider` that refresh and delete run. */
    outputs: PropertyMap;
    parent?: string;
    dependencies?: string[];
    additionalSecretOutputs?: string[];
    /** Read by id (`opts.id`): destroy forgets it instead of deleting it. */
    external?: boolean;
    /** Reasons of an `ErrorResourceInitFailed`: the next `up` updates the resource even without changes. */
    initErrors?: string[];
    protect?: boolean;
    retainOnDelete?: boolean;
}

/** The whole state file. */
export interface StackState {
    resources: ResourceState[];
    /** Stack outputs; secret ones wrapped with the secret signature. */
    outputs: PropertyMap;
    /**
     * The plain (not secret) stack config of the last `up`, as the engine saves it in the default provider's state:
     * refresh and destroy configure the provider host with it, not with the config of the moment (absent before the
     * first `up`). Secret values are not kept: the engine encrypts them, and this file would hold them in plain text;
     * refresh and destroy take them from the current config.
     */
    providerConfig?: StackConfig;
}

/** The state in `statePath`; a missing file is an empty stack. */
export function loadState(statePath: string): StackState {
    if (!fs.existsSync(statePath)) return { resources: [], outputs: {} };
    return parseState(JSON.parse(fs.readFileSync(statePath, "utf8")), statePath);
}

/** Writes the state file (creating its folder). */
export function saveState(statePath: string, state: StackState): void {
    fs.mkdirSync(path.dirname(statePath), { recursive: true });
    fs.writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);
}

/** Validates a parsed state file, so a hand-edited or truncated file fails with a clear message. */
export function parseState(raw: unknown, source = "state"): StackState {
    if (!isRecord(raw) || !Array.isArray(raw.resources)) throw new Error(`${source}: expected { resources: [...] }`);
    const resources = raw.resources.map((r: unknown, i: number) => parseResource(r, `${source}: resources[${i}]`));
    const state: StackState = { resources, outputs: toPropertyMap(raw.outputs) };
    if (isRecord(raw.providerConfig)) state.providerConfig = raw.providerConfig as StackConfig;
    return state;
}

function parseResource(r: unknown, where: string): ResourceState {
    if (!isRecord(r) || typeof r.urn !== "string" || typeof r.type !== "string") {
        throw new Error(`${where}: needs string urn and type`);
    }
    const res: ResourceState = {
        urn: r.urn,
        type: r.type,
        custom: r.custom === true,
        id: typeof r.id === "string" ? r.id : "",
        inputs: toPropertyMap(r.inputs),
        outputs: toPropertyMap(r.outputs),
    };
    if (typeof r.parent === "string") res.parent = r.parent;
    if (isStringArray(r.dependencies)) res.dependencies = r.dependencies;
    if (isStringArray(r.additionalSecretOutputs)) res.additionalSecretOutputs = r.additionalSecretOutputs;
    if (r.external === true) res.external = true;
    if (isStringArray(r.initErrors)) res.initErrors = r.initErrors;
    if (r.protect === true) res.protect = true;
    if (r.retainOnDelete === true) res.retainOnDelete = true;
    return res;
}

function isRecord(v: unknown): v is Record<string, unknown> {
    return isPropertyMap(v);
}

function isStringArray(v: unknown): v is string[] {
    return Array.isArray(v) && v.every((x) => typeof x === "string");
}
