/**
 * Planned resources from the JSON of `pulumi preview --json` (a PreviewDigest: `steps[]` with `op`, `urn`,
 * `newState`) or `pulumi stack export` (`deployment.resources[]`), for `tenantkit-quota`. Both hold full
 * resource states (`type`, `inputs`, `provider` as "<provider urn>::<provider id>").
 */
import { SECRET_SIG, SIG_KEY } from "../core/model/patterns";
import { UNKNOWN_INPUT } from "./types";
import type { PlannedResource } from "./types";

/** A plan file that is neither shape. */
export class PlanFileError extends Error {
    /** The error's name: `PlanFileError`. */
    override name = "PlanFileError";
}

/** What a plan file holds: the resources, and where they came from. */
export interface PlanFile {
    /** `preview` for the JSON of `pulumi preview --json`, `export` for that of `pulumi stack export`. */
    kind: "preview" | "export";
    /** The custom resources the stack holds after the plan; providers, reads and deletions left out, a replacement once. */
    resources: PlannedResource[];
    /**
     * A preview only: whether it lists unchanged (`same`) resources, or the stack is new. `pulumi preview --json`
     * leaves them out unless run with `--show-sames`, and then what the stack has is not counted.
     */
    listsUnchanged?: boolean;
}

interface StateLike {
    urn?: unknown;
    type?: unknown;
    custom?: unknown;
    inputs?: unknown;
    provider?: unknown;
    external?: unknown;
    delete?: unknown;
}

/** Steps whose new state is not part of the stack afterwards. */
const GONE = new Set(["delete", "delete-replaced", "discard", "discard-replaced", "remove-pending-replace", "read-discard"]);
/** Steps of a replacement, which share the replaced object's URN. */
const REPLACING = new Set(["replace", "create-replacement", "import-replacement"]);
/** Steps that bring an object into being. */
const CREATING = new Set(["create", "create-replacement", "replace"]);

/** Reads either shape; throws {@link PlanFileError} saying what was expected. */
export function readPlanFile(json: unknown): PlanFile {
    const doc = json as { steps?: unknown; deployment?: { resources?: unknown } };
    if (doc && Array.isArray(doc.steps)) return { kind: "preview", resources: fromPreview(doc.steps), listsUnchanged: listsUnchanged(doc.steps) };
    if (doc && doc.deployment && Array.isArray(doc.deployment.resources)) return { kind: "export", resources: fromExport(doc.deployment.resources) };
    throw new PlanFileError(
        "expected the JSON of `pulumi preview --json` (an object with `steps`) or of `pulumi stack export` (an object with `deployment.resources`)",
    );
}

/** True when the preview lists unchanged resources, or has none to list (the stack itself is still to create). */
function listsUnchanged(steps: unknown[]): boolean {
    const all = steps as Array<{ op?: unknown; newState?: StateLike }>;
    const newStack = all.some((s) => s?.op === "create" && s.newState?.type === "pulumi:pulumi:Stack");
    return newStack || all.some((s) => s?.op === "same" && s.newState?.custom === true);
}

function fromPreview(steps: unknown[]): PlannedResource[] {
    const states: Array<{ state: StateLike; creating: boolean }> = [];
    const seen = new Map<string, number>();
    for (const step of steps as Array<{ op?: unknown; urn?: unknown; newState?: StateLike }>) {
        const op = String(step?.op ?? "");
        const state = step?.newState;
        if (!state || GONE.has(op) || op === "read" || op === "read-replacement") continue;
        const creating = CREATING.has(op);
        // A replacement shows its URN in several steps; count the object once, as created if any step creates it.
        // Other steps are one per URN, and are not looked up (a 100,000-step plan has as many long URNs).
        if (REPLACING.has(op)) {
            const urn = String(state.urn ?? step.urn ?? "");
            const at = seen.get(urn);
            if (at !== undefined) {
                states[at].creating ||= creating;
                continue;
            }
            seen.set(urn, states.length);
        }
        states.push({ state, creating });
    }
    return toPlanned(states);
}

function fromExport(resources: unknown[]): PlannedResource[] {
    const states = (resources as StateLike[])
        .filter((r) => r && r.external !== true && r.delete !== true)
        .map((state) => ({ state, creating: false }));
    return toPlanned(states);
}

function toPlanned(states: Array<{ state: StateLike; creating: boolean }>): PlannedResource[] {
    const providers = new Map<string, { name: string; inputs: Record<string, unknown> }>();
    for (const { state } of states) {
        const type = String(state.type ?? "");
        if (type.startsWith("pulumi:providers:"))
            providers.set(String(state.urn ?? ""), { name: urnName(state.urn), inputs: plainInputs(state.inputs) });
    }
    // "<provider urn>::<provider id>": the same few references over and over.
    const byReference = new Map<string, { name: string; inputs: Record<string, unknown> } | undefined>();
    const providerOf = (reference: string): { name: string; inputs: Record<string, unknown> } | undefined => {
        if (byReference.has(reference)) return byReference.get(reference);
        const found = providers.get(reference.slice(0, reference.lastIndexOf("::")));
        byReference.set(reference, found);
        return found;
    };
    const out: PlannedResource[] = [];
    for (const { state, creating } of states) {
        const type = String(state.type ?? "");
        if (state.custom === false || type.startsWith("pulumi:")) continue;
        const provider = typeof state.provider === "string" ? providerOf(state.provider) : undefined;
        // A default provider without scope inputs is the same as none: the checks treat both alike.
        const useful =
            provider &&
            !(
                provider.name.startsWith("default") &&
                Object.keys(provider.inputs).every((k) => !["host", "accountId", "subscriptionId", "workspaceId"].includes(k))
            );
        out.push({ type, name: urnName(state.urn), inputs: plainInputs(state.inputs), provider: useful ? provider : undefined, creating });
    }
    return out;
}

function urnName(urn: unknown): string {
    const s = String(urn ?? "");
    return s.slice(s.lastIndexOf("::") + 2);
}

/** Inputs with secrets resolved: a plaintext secret (`--show-secrets`) is its value, any other is unknown. */
function plainInputs(inputs: unknown): Record<string, unknown> {
    const v = unwrap(inputs);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * The value with secrets replaced; the value itself when it holds none (the usual case: a 100,000-step plan is not
 * copied), else a copy of the parts above a secret. JSON.parse makes plain objects and arrays only.
 */
function unwrap(v: unknown): unknown {
    if (v === "[secret]") return UNKNOWN_INPUT;
    if (typeof v !== "object" || v === null) return v;
    if (Array.isArray(v)) {
        let copy: unknown[] | undefined;
        for (let i = 0; i < v.length; i++) {
            const x = unwrap(v[i]);
            if (x !== v[i]) (copy ??= v.slice())[i] = x;
        }
        return copy ?? v;
    }
    const o = v as Record<string, unknown>;
    if (o[SIG_KEY] === SECRET_SIG) return Object.prototype.hasOwnProperty.call(o, "value") ? unwrap(o.value) : UNKNOWN_INPUT;
    let copy: Record<string, unknown> | undefined;
    for (const k in o) {
        const x = unwrap(o[k]);
        // defineProperty: an own "__proto__" key (JSON.parse makes one) stays a key, as Object.fromEntries would keep it.
        if (x !== o[k]) Object.defineProperty((copy ??= { ...o }), k, { value: x, enumerable: true, writable: true, configurable: true });
    }
    return copy ?? o;
}
