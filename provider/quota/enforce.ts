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
import { CallTally, isRated } from "./apiCalls";
import { defaultMappings } from "./mappings";
import { MappingTable, SCOPE_INPUT, scopeContext, type QuotaMapping, type ScopeOptions } from "./mapping";
import { ProviderRegistry } from "./providers";
import { minimumApiTime, type ApiTimeEstimate } from "./rate";
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

/** A planned resource that breaks a limit; a `ResourceError`, so the CLI shows it on the resource, without a stack. */
export class QuotaExceededError extends pulumi.ResourceError {
    override name = "QuotaExceededError";
    constructor(readonly finding: Finding, resourceLabel: string, resource: pulumi.Resource) {
        super(`${resourceLabel} would exceed a limit: ${finding.message}`, resource, true);
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
    const config = new pulumi.Config("tenantkit");
    const existing = options.existing ?? config.getObject<ExistingCounts>("quotaExisting") ?? {};
    const tally = new Tally(existing, options.warnAt ?? config.getNumber("quotaWarnAt"));
    const mappings = new MappingTable([...(options.defaultMappings === false ? [] : defaultMappings), ...(options.mappings ?? [])]);
    const scopes = scopeContext(options);
    const providers = new ProviderRegistry();
    const warned = new Set<string>();
    const calls = new CallTally(scopes);
    /**
     * Per type, decided once (a big program has many registrations of few types): false when it counts against
     * nothing, else the inputs its mappings read (true: all of them).
     */
    const counted = new Map<string, false | true | readonly string[]>();
    const readsOf = (type: string): false | true | readonly string[] => {
        if (mappings.maps(type)) return mappings.inputsRead(type) ?? true;
        // A rated type without a mapping: its planned call needs only the provider and the scope input.
        return isRated(type) ? [SCOPE_INPUT] : false;
    };

    // Runs for every registration: only a finding at warning level or above is built (with its message).
    const judge = (resource: pulumi.Resource, planned: PlannedResource): void => {
        calls.add(planned);
        const findings = tally.addAndJudge(mappings.usesOf(planned, scopes), "warning");
        if (findings.length === 0) return;
        for (const f of findings) {
            const key = `${f.limit.id}\u0000${f.scope}`;
            if (f.status === "warning" && !warned.has(key)) {
                warned.add(key);
                void pulumi.log.warn(`quota: ${f.message}`, resource);
            }
        }
        const broken = findings.find((f) => f.status === "exceeded");
        if (broken) throw new QuotaExceededError(broken, `${planned.type} "${planned.name}"`, resource);
    };

    pulumi.runtime.registerStackTransformation((args) => {
        if (args.type.startsWith("pulumi:providers:")) {
            providers.remember(args.resource, args.name, args.props);
            return undefined;
        }
        let reads = counted.get(args.type);
        if (reads === undefined) counted.set(args.type, (reads = readsOf(args.type)));
        if (reads === false) return undefined;
        const provider = providers.providerFor(args.type, args.opts);
        const inputs = inputsNow(args.props, reads === true ? undefined : reads);
        if (!(inputs instanceof Promise)) {
            judge(args.resource, { type: args.type, name: args.name, inputs, provider });
            return undefined;
        }
        const gate = inputs.then((resolved) => {
            judge(args.resource, { type: args.type, name: args.name, inputs: resolved, provider });
            return [];
        });
        // dependsOn takes nested inputs and promises of resource lists (gatherExplicitDependencies flattens them);
        // the gate resolves to none, so the dependency graph is unchanged.
        const dependsOn = (args.opts.dependsOn === undefined ? [gate] : [args.opts.dependsOn, gate]) as unknown as pulumi.Input<pulumi.Resource>[];
        return { props: args.props, opts: { ...args.opts, dependsOn } };
    });

    if (stack) enforcedStacks.add(stack);
    return { findings: () => tally.findings(), usage: () => tally.usage(), apiTime: () => minimumApiTime(calls.calls()) };
}
