/**
 * `enforceQuotas`: one call at the top of a Pulumi program; every later registration that maps to a limit is
 * counted, and the first that breaks one fails the preview with a message a person can act on.
 *
 * It uses `registerStackTransformation` (not `registerResourceTransform`, which needs engine callbacks and fails
 * under mocks); a transformation runs synchronously in the resource constructor. Inputs that are plain values
 * are judged there, so the error is thrown by the `new` of the offending resource. Inputs that are outputs are
 * judged when they resolve, through a promise added to the resource's `dependsOn`: the SDK awaits it before
 * registering (runtime/dependsOn.js), so a broken limit fails that very registration and nothing is sent.
 */
import * as pulumi from "@pulumi/pulumi";
import { checkProgramConfig } from "../core/program/programConfig";
import { ProgramRunError } from "../core/program/runError";
import { CONFIG_NAMESPACE } from "../core/settings/settings";
import { QUOTA_CONFIG_KEYS } from "../core/settings/stackConfig";
import { CallTally, isRated, minimumApiTime } from "./apiTime";
import type { ApiTimeEstimate } from "./apiTime";
import { defaultMappings } from "./mappings";
import { MappingTable, scopeContext } from "./mapping";
import type { QuotaMapping, ScopeOptions, TypeMappings } from "./mapping";
import { ProviderRegistry } from "./providers";
import { inputsNow } from "./resolveInputs";
import { Tally } from "./tally";
import type { ExistingCounts, Finding, PlannedResource, PlannedUsage } from "./types";

/** Options of {@link enforceQuotas}; each falls back to stack config, then to the default. */
export interface EnforceOptions extends ScopeOptions {
    /** Share of a limit from which a warning is logged; config `tenantkit:quotaWarnAt`; default 0.8. */
    warnAt?: number;
    /** Objects that exist outside this program, by limit id then scope key; config `tenantkit:quotaExisting`. */
    existing?: ExistingCounts;
    /** More mappings (your own resource types, or more limits for known ones), used beside the defaults. */
    mappings?: readonly QuotaMapping[];
    /** False to use only `mappings`, without the built-in `@pulumi/databricks` and Azure ones. */
    defaultMappings?: boolean;
}

/** What `enforceQuotas` counted so far: for a program's own reporting or tests. */
export interface QuotaEnforcement {
    /** Every (limit, scope) touched so far, judged. */
    findings(): Finding[];
    /** Usage per (limit, scope) so far. */
    usage(): PlannedUsage[];
    /** The minimum time the creations counted so far need under the API rate limits. */
    apiTime(): ApiTimeEstimate;
}

/**
 * A planned resource that breaks a limit; a frameless `RunError` (core/program/runError.ts), so the CLI prints the
 * message alone, and the SDK's formatting of it costs nothing (its frames run through the resource's constructor). Not a
 * `ResourceError`: it is thrown while the resource registers, before it has a URN, and the SDK's handler of a
 * ResourceError reads it, so the message would be lost (DESIGN.md, "Preflight quota check"). The message names the
 * resource instead.
 */
export class QuotaExceededError extends ProgramRunError {
    constructor(
        /** The broken limit: which limit, in which scope, the counts, and the message. */
        readonly finding: Finding,
        resourceLabel: string,
        /** The resource whose registration breaks the limit; it has no URN yet. */
        readonly resource: pulumi.Resource,
    ) {
        super("QuotaExceededError", `${resourceLabel} would exceed a limit: ${finding.message}`);
    }
}

/** Stacks that already count: a second call would count every resource twice. */
const enforcedStacks = new WeakSet<object>();

/**
 * Counts every resource registered after this call against the limits table, and fails the registration that
 * breaks a limit. Call it once, before any resource.
 */
export function enforceQuotas(options: EnforceOptions = {}): QuotaEnforcement {
    const stack = pulumi.runtime.getStackResource();
    if (stack && enforcedStacks.has(stack)) {
        throw new Error("quota.enforceQuotas was already called in this program; call it once, at the top, with all options (mappings, existing)");
    }
    checkProgramConfig();
    const config = new pulumi.Config(CONFIG_NAMESPACE);
    const existing = options.existing ?? config.getObject<ExistingCounts>(QUOTA_CONFIG_KEYS.quotaExisting) ?? {};
    const tally = new Tally(existing, options.warnAt ?? config.getNumber(QUOTA_CONFIG_KEYS.quotaWarnAt));
    const mappings = new MappingTable([...(options.defaultMappings === false ? [] : defaultMappings), ...(options.mappings ?? [])]);
    const scopes = scopeContext(options);
    const providers = new ProviderRegistry();
    const warned = new Set<string>();
    const calls = new CallTally(scopes);
    // Runs for every registration: only a finding at warning level or above is built (with its message).
    const judge = (resource: pulumi.Resource, planned: PlannedResource, uses: TypeMappings["uses"]): void => {
        calls.add(planned);
        if (uses === undefined) return;
        const findings = tally.add(uses(planned, scopes), "warning");
        for (const f of findings) {
            const key = `${f.limit.id}\u0000${f.scope}`;
            if (f.status === "warning" && !warned.has(key)) {
                warned.add(key);
                // Logged once the registration is done: while a transform runs the resource has no URN yet, and the
                // SDK's log reads it.
                queueMicrotask(() => void pulumi.log.warn(`quota: ${f.message}`, resource));
            }
        }
        const broken = findings.find((f) => f.status === "exceeded");
        if (broken) throw new QuotaExceededError(broken, `${planned.type} "${planned.name}"`, resource);
    };

    // A registration whose inputs wait for outputs: judged once they resolve, behind a dependsOn gate. Its own
    // function: a closure in the transform would make every registration allocate a context for it.
    const judgeLater = (
        args: pulumi.ResourceTransformationArgs,
        provider: PlannedResource["provider"],
        uses: TypeMappings["uses"],
        inputs: Promise<PlannedResource["inputs"]>,
    ): pulumi.ResourceTransformationResult => {
        const gate = inputs.then((resolved) => {
            judge(args.resource, { type: args.type, name: args.name, inputs: resolved, provider }, uses);
            return [];
        });
        // dependsOn takes nested inputs and promises of resource lists (gatherExplicitDependencies flattens them);
        // the gate resolves to none, so the dependency graph is unchanged.
        const dependsOn = (args.opts.dependsOn === undefined ? [gate] : [args.opts.dependsOn, gate]) as unknown as pulumi.Input<pulumi.Resource>[];
        return { props: args.props, opts: { ...args.opts, dependsOn } };
    };

    pulumi.runtime.registerStackTransformation((args) => {
        const type = args.type;
        if (type.startsWith("pulumi:providers:")) {
            providers.remember(args.resource, args.name, args.props);
            return undefined;
        }
        const mapped = mappings.forType(type);
        if (mapped.uses === undefined && !isRated(type)) return undefined;
        // A rated type without a mapping reads only the scope input (its planned call needs only that and the provider).
        const provider = providers.providerFor(type, args.opts);
        const inputs = inputsNow(args.props, mapped.inputs, mapped.countOnly);
        if (inputs instanceof Promise) return judgeLater(args, provider, mapped.uses, inputs);
        judge(args.resource, { type, name: args.name, inputs, provider }, mapped.uses);
        return undefined;
    });

    if (stack) enforcedStacks.add(stack);
    return { findings: () => tally.findings(), usage: () => tally.usage(), apiTime: () => minimumApiTime(calls.calls()) };
}
