/**
 * Planned resources from the JSON of `pulumi preview --json` (a PreviewDigest: `steps[]` with `op`, `urn`,
 * `newState`) or `pulumi stack export` (`deployment.resources[]`), for `tenantkit-quota`. Both hold full
 * resource states (`type`, `inputs`, `provider` as "<provider urn>::<provider id>").
 */
import { UNKNOWN_INPUT, type PlannedResource } from "./types";

/** A plan file that is neither shape. */
export class PlanFileError extends Error {
    override name = "PlanFileError";
}

/** What a plan file holds: the resources, and where they came from. */
export interface PlanFile {
    kind: "preview" | "export";
    resources: PlannedResource[];
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
/** Steps that bring an object into being. */
const CREATING = new Set(["create", "create-replacement", "replace"]);
/** Markers of secret values: the state's signature key, and the preview display's text. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const SECRET_VALUE = "1b47061264138c4ac30d75fd1eb44270";

/** Reads either shape; throws {@link PlanFileError} saying what was expected. */
export function readPlanFile(json: unknown): PlanFile {
    const doc = json as { steps?: unknown; deployment?: { resources?: unknown } };
    if (doc && Array.isArray(doc.steps)) return { kind: "preview", resources: fromPreview(doc.steps) };
    if (doc && doc.deployment && Array.isArray(doc.deployment.resources)) return { kind: "export", resources: fromExport(doc.deployment.resources) };
    throw new PlanFileError("expected the JSON of `pulumi preview --json` (an object with `steps`) or of `pulumi stack export` (an object with `deployment.resources`)");
}

function fromPreview(steps: unknown[]): PlannedResource[] {
    const states: Array<{ state: StateLike; creating: boolean }> = [];
    const seen = new Map<string, number>();
    for (const step of steps as Array<{ op?: unknown; urn?: unknown; newState?: StateLike }>) {
        const op = String(step?.op ?? "");
        const state = step?.newState;
        if (!state || GONE.has(op) || op === "read" || op === "read-replacement") continue;
        const urn = String(state.urn ?? step.urn ?? "");
        const creating = CREATING.has(op);
        // A replacement shows its URN in several steps; count the object once, as created if any step creates it.
        const at = seen.get(urn);
        if (at !== undefined) {
            states[at].creating ||= creating;
            continue;
        }
        seen.set(urn, states.length);
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
        if (type.startsWith("pulumi:providers:")) providers.set(String(state.urn ?? ""), { name: urnName(state.urn), inputs: plainInputs(state.inputs) });
    }
    const out: PlannedResource[] = [];
    for (const { state, creating } of states) {
        const type = String(state.type ?? "");
        if (state.custom === false || type.startsWith("pulumi:")) continue;
        const providerUrn = typeof state.provider === "string" ? state.provider.slice(0, state.provider.lastIndexOf("::")) : "";
        const provider = providers.get(providerUrn);
        // A default provider without scope inputs is the same as none: the checks treat both alike.
        const useful = provider && !(provider.name.startsWith("default") && Object.keys(provider.inputs).every((k) => !["host", "accountId", "subscriptionId", "workspaceId"].includes(k)));
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

function unwrap(v: unknown): unknown {
    if (v === "[secret]") return UNKNOWN_INPUT;
    if (Array.isArray(v)) return v.map(unwrap);
    if (typeof v !== "object" || v === null) return v;
    const o = v as Record<string, unknown>;
    if (o[SECRET_SIG] === SECRET_VALUE) return "value" in o ? unwrap(o.value) : UNKNOWN_INPUT;
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, unwrap(x)]));
}
