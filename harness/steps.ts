/**
 * The engine's step generation for one deployment, simplified to sequential steps in registration order
 * (pulumi/pulumi `pkg/resource/deploy/step_generator.go`, `step.go`): Check, then Diff against the prior
 * state, then Create / Update / Replace; reads by id are ReadSteps. No aliases, targets, plans or providers.
 */
import { changedKeys, createLines, deepEqual, diffLines, formatCheckFailure } from "./display";
import { HostCallError, errorText } from "./errors";
import { ProviderHost } from "./host";
import type { DiffArgs } from "./host-types";
import { ReadRegistration, Registered, Registration, StepSink } from "./monitor";
import { ResourceState, StackState } from "./state";
import { StepError, StepOp, Step } from "./step-types";
import { PropertyMap, UNKNOWN, applyAdditionalSecretOutputs, urnName } from "./wire";

const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";
const isDynamicType = (t: string) => /^pulumi-nodejs:dynamic(\/[^:]+)?:/.test(t);

/** One deployment (an `up`, a preview, a destroy): the steps taken, the errors and the new state. */
export class Deployment implements StepSink {
    readonly steps: Step[] = [];
    readonly errors: StepError[] = [];
    /** Stack outputs from the root stack's `RegisterResourceOutputs`; undefined if the program did not finish. */
    stackOutputs: PropertyMap | undefined;
    aborted = false;
    /** Resolves when a step fails. */
    readonly abortedSignal: Promise<void>;
    private signalAbort: () => void = () => undefined;
    private readonly newState: ResourceState[] = [];
    private readonly old: Map<string, ResourceState>;
    private readonly seen = new Set<string>();
    /** Old states this deployment deleted. */
    private readonly gone = new Set<ResourceState>();
    /** Old states replaced create-before-delete, deleted after the program. */
    private readonly replaced: ResourceState[] = [];

    constructor(
        private readonly prior: StackState,
        /** True for a preview: Check, Diff and Read only. */
        readonly preview: boolean,
        private readonly startHost: () => Promise<ProviderHost>,
    ) {
        this.old = new Map(prior.resources.map((r) => [r.urn, r]));
        this.abortedSignal = new Promise((resolve) => (this.signalAbort = resolve));
    }

    async register(reg: Registration): Promise<Registered> {
        this.seen.add(reg.urn);
        return this.keepingOldOnFailure(reg.urn, async () => (reg.custom ? this.registerCustom(reg) : this.registerComponent(reg)));
    }

    /** A ReadStep (`opts.id`): it runs in preview too, and the resource is recorded as external. */
    async read(reg: ReadRegistration): Promise<Registered> {
        this.seen.add(reg.urn);
        this.addStep("read", reg.urn, reg.type, { id: reg.id });
        // An id unknown during preview: the engine skips the read and everything about it stays unknown.
        if (reg.id === UNKNOWN) return { id: "", outputs: {} };
        return this.keepingOldOnFailure(reg.urn, async () => {
            const host = await this.host();
            // ReadStep sends the program's properties as both inputs and state (they carry `__provider`).
            const r = await this.call(reg.urn, "read", () => host.read({ urn: reg.urn, id: reg.id, state: reg.inputs, inputs: reg.inputs }));
            // ReadStep fails only when the provider returned no properties at all (step.go); the dynamic provider host
            // adds `__provider` to every answer, so a dynamic read of a missing object succeeds with that alone.
            if (Object.keys(r.outs).length === 0) throw this.fail(reg.urn, `resource '${reg.id}' does not exist`);
            const outputs = applyAdditionalSecretOutputs(r.outs, reg.additionalSecretOutputs);
            this.newState.push({
                urn: reg.urn,
                type: reg.type,
                custom: true,
                id: r.id,
                inputs: reg.inputs,
                outputs,
                parent: reg.parent,
                dependencies: reg.dependencies,
                additionalSecretOutputs: reg.additionalSecretOutputs,
                external: true,
            });
            return { id: r.id, outputs };
        });
    }

    registerOutputs(urn: string, outputs: PropertyMap): void {
        const entry = this.newState.find((r) => r.urn === urn);
        if (entry) entry.outputs = outputs;
        if (entry?.type === ROOT_STACK_TYPE) this.stackOutputs = outputs;
    }

    /** Deletes one resource from the prior state; external ones are forgotten, retained ones kept remotely. */
    async deleteResource(r: ResourceState, op: "delete" | "delete-replaced"): Promise<void> {
        if (r.protect) throw this.fail(r.urn, `unable to delete resource "${r.urn}" as it is currently marked for protection`);
        const retained = (!r.external && r.retainOnDelete) || undefined;
        this.addStep(r.external ? "discard" : op, r.urn, r.type, { id: r.id, retained });
        if (r.custom && !r.external && !retained && !this.preview) {
            const host = await this.host();
            // Delete runs the `__provider` saved in the OUTPUTS, i.e. the code that created the resource.
            await this.call(r.urn, "delete", () => host.delete({ urn: r.urn, id: r.id, oldInputs: r.inputs, outputs: r.outputs }));
        }
        this.gone.add(r);
    }

    /** After the program: delete what it no longer declares and what was replaced, dependents first. */
    async deleteLeftovers(): Promise<void> {
        for (const r of [...this.prior.resources].reverse()) {
            if (this.replaced.includes(r)) await this.deleteResource(r, "delete-replaced");
            else if (!this.seen.has(r.urn)) await this.deleteResource(r, "delete");
        }
    }

    /** The state to save: new resources, then prior ones this deployment did not reach or failed to delete. */
    finalState(): ResourceState[] {
        const untouched = this.prior.resources.filter((r) => !this.seen.has(r.urn) && !this.gone.has(r));
        return [...this.newState, ...untouched];
    }

    /** Records a failed step and stops the deployment. Returns the error to throw. */
    fail(urn: string | undefined, message: string, extra: Partial<StepError> = {}): Error {
        this.errors.push({ urn, message, ...extra });
        this.aborted = true;
        this.signalAbort();
        return new Error(message);
    }

    /** A failed step leaves the resource's prior state as it was (the engine checkpoints finished steps only). */
    private async keepingOldOnFailure(urn: string, step: () => Promise<Registered>): Promise<Registered> {
        try {
            return await step();
        } catch (err) {
            const old = this.old.get(urn);
            if (old && !this.gone.has(old) && !this.newState.some((r) => r.urn === urn)) this.newState.push(old);
            throw err;
        }
    }

    private registerComponent(reg: Registration): Registered {
        const old = this.old.get(reg.urn);
        const op: StepOp = !old ? "create" : deepEqual(old.inputs, reg.inputs) ? "same" : "update";
        this.addStep(op, reg.urn, reg.type, { diff: old ? diffLines(old.inputs, reg.inputs) : createLines(reg.inputs) });
        this.newState.push({
            urn: reg.urn,
            type: reg.type,
            custom: false,
            id: "",
            inputs: reg.inputs,
            outputs: old?.outputs ?? {},
            parent: reg.parent,
            dependencies: reg.opts.dependencies,
        });
        return { id: "", outputs: reg.inputs };
    }

    private async registerCustom(reg: Registration): Promise<Registered> {
        if (!isDynamicType(reg.type)) return this.previewForeign(reg);
        const host = await this.host();
        const old = this.old.get(reg.urn);
        if (reg.opts.importId && !old) {
            // The engine imports with a Read carrying no properties, so the host finds no `__provider` and fails
            // (pulumi/pulumi#3550): the `import` option does not work for dynamic resources.
            await this.call(reg.urn, "import", () => host.read({ urn: reg.urn, id: reg.opts.importId ?? "", state: {} }));
        }
        const news = old ? ignoreChanges(reg.inputs, old.inputs, reg.opts.ignoreChanges) : reg.inputs;
        const checked = await this.call(reg.urn, "check", () => host.check({ urn: reg.urn, olds: old?.inputs ?? {}, news, preview: this.preview }));
        const failures = checked.failures;
        const messages = failures.map((f) => formatCheckFailure(reg.type, reg.name, f, checked.inputs));
        for (const m of messages.slice(0, -1)) this.errors.push({ urn: reg.urn, message: m, checkFailures: failures });
        if (messages.length > 0) throw this.fail(reg.urn, messages[messages.length - 1], { checkFailures: failures });
        const inputs = checked.inputs;
        if (!old) return this.create(reg, host, inputs, "create");

        // diff and update get the same arguments (the engine sends both the old state and the checked inputs).
        const change: DiffArgs = {
            urn: reg.urn,
            id: old.id,
            oldInputs: old.inputs,
            oldOutputs: old.outputs,
            newInputs: inputs,
            preview: this.preview,
            ignoreChanges: reg.opts.ignoreChanges,
        };
        const d = await this.call(reg.urn, "diff", () => host.diff(change));
        // DIFF_UNKNOWN (the provider left `changes` undefined): the engine compares old and new inputs itself.
        let changes = d.changes === "DIFF_UNKNOWN" ? (deepEqual(old.inputs, inputs) ? "DIFF_NONE" : "DIFF_SOME") : d.changes;
        // The engine matches replaceOnChanges against the provider's changed keys, which a dynamic provider never
        // reports; only the DIFF_UNKNOWN path fills them from the inputs (step_generator.go diffResource).
        const changed = d.changes === "DIFF_UNKNOWN" ? changedKeys(old.inputs, inputs) : [];
        const onChange = reg.opts.replaceOnChanges;
        const replaces =
            changes === "DIFF_SOME" ? [...new Set([...d.replaces, ...changed.filter((k) => onChange.includes(k) || onChange.includes("*"))])] : [];
        // A resource left with init errors gets an update even when nothing changed (step_generator.go).
        if (changes === "DIFF_NONE" && old.initErrors?.length) changes = "DIFF_SOME";
        if (changes === "DIFF_NONE") {
            this.addStep("same", reg.urn, reg.type, { providerDiff: d.changes });
            // SameStep keeps the OLD outputs, and so the old `__provider` that a later delete will run.
            this.newState.push({ ...old, ...this.optionsOf(reg), inputs });
            return { id: old.id, outputs: old.outputs };
        }
        const diff = diffLines(old.inputs, inputs);
        if (replaces.length > 0) {
            // Refused only when both the old and the new state are protected (step_generator.go).
            if (reg.opts.protect && old.protect) throw this.fail(reg.urn, `unable to replace protected resource "${reg.urn}"`);
            const deleteBeforeReplace = reg.opts.deleteBeforeReplace ?? d.deleteBeforeReplace;
            if (deleteBeforeReplace) await this.deleteResource(old, "delete-replaced");
            this.addStep("replace", reg.urn, reg.type, { diff, replaces, deleteBeforeReplace, providerDiff: d.changes });
            // A replacement is checked again as a new resource: no olds, the program's own inputs.
            const fresh = await this.call(reg.urn, "check", () => host.check({ urn: reg.urn, olds: {}, news: reg.inputs, preview: this.preview }));
            if (fresh.failures.length > 0)
                throw this.fail(reg.urn, formatCheckFailure(reg.type, reg.name, fresh.failures[0]!, fresh.inputs), { checkFailures: fresh.failures });
            const created = await this.create(reg, host, fresh.inputs, "replacement");
            if (!deleteBeforeReplace && !this.preview) this.replaced.push(old);
            return created;
        }
        this.addStep("update", reg.urn, reg.type, { diff, providerDiff: d.changes });
        try {
            const r = await host.update(change);
            return this.record(reg, old.id, inputs, r.outs);
        } catch (err) {
            if (err instanceof HostCallError && err.partial) {
                // UpdateStep.Apply: a StatusPartialFailure records the outputs the provider reported with the OLD
                // inputs, and the reasons as init errors (pulumi/pulumi pkg/resource/deploy/step.go).
                const { outs, reasons } = err.partial;
                this.record(reg, old.id, old.inputs, outs, reasons);
                throw this.fail(reg.urn, `update of ${reg.type} resource '${reg.name}' failed to initialize: ${reasons.join("; ")}`, {
                    initErrors: reasons,
                });
            }
            throw this.aborted ? err : this.fail(reg.urn, `update failed: ${errorText(err)}`);
        }
    }

    /**
     * A resource of another provider (`@pulumi/databricks`, its `pulumi:providers:*` resource): previewed the way
     * the engine does when that provider's Check accepts the inputs unchanged (outputs are the inputs, the id is
     * unknown); never deployed, since no such provider runs here.
     */
    private previewForeign(reg: Registration): Registered {
        if (!this.preview) {
            throw this.fail(
                reg.urn,
                `the harness runs dynamic resources only, not ${reg.type}: it previews other providers' resources but cannot deploy them`,
            );
        }
        const old = this.old.get(reg.urn);
        const op: StepOp = !old ? "create" : deepEqual(old.inputs, reg.inputs) ? "same" : "update";
        this.addStep(op, reg.urn, reg.type, { diff: old ? diffLines(old.inputs, reg.inputs) : createLines(reg.inputs) });
        return { id: old?.id ?? "", outputs: old && op === "same" ? old.outputs : reg.inputs };
    }

    private async create(reg: Registration, host: ProviderHost, inputs: PropertyMap, what: "create" | "replacement"): Promise<Registered> {
        if (what === "create") this.addStep("create", reg.urn, reg.type, { diff: createLines(inputs) });
        try {
            const r = await host.create({ urn: reg.urn, properties: inputs, preview: this.preview });
            // CreateStep: an empty id from a create that is not a preview is an error (step.go).
            if (!this.preview && !r.id) throw new Error("provider did not return an ID from Create");
            return this.record(reg, r.id, inputs, r.outs);
        } catch (err) {
            if (err instanceof HostCallError && err.partial) {
                // ErrorResourceInitFailed: the engine saves the resource (id, outputs) with its init errors.
                const { id, outs, reasons } = err.partial;
                this.record(reg, id, inputs, outs, reasons);
                throw this.fail(reg.urn, `${what} of ${reg.type} resource '${reg.name}' failed to initialize: ${reasons.join("; ")}`, {
                    initErrors: reasons,
                });
            }
            throw this.fail(reg.urn, `${what} failed: ${errorText(err)}`);
        }
    }

    private record(reg: Registration, id: string, inputs: PropertyMap, outs: PropertyMap, initErrors?: string[]): Registered {
        const outputs = applyAdditionalSecretOutputs(outs, reg.opts.additionalSecretOutputs);
        this.newState.push({
            urn: reg.urn,
            type: reg.type,
            custom: true,
            id,
            inputs,
            outputs,
            ...this.optionsOf(reg),
            ...(initErrors ? { initErrors } : {}),
        });
        return { id, outputs };
    }

    /** The resource options the state records; undefined ones are left out of the JSON. */
    private optionsOf({ parent, opts: o }: Registration): Partial<ResourceState> {
        const additionalSecretOutputs = o.additionalSecretOutputs.length ? o.additionalSecretOutputs : undefined;
        const flags = { protect: o.protect || undefined, retainOnDelete: o.retainOnDelete || undefined };
        return { parent, dependencies: o.dependencies, additionalSecretOutputs, ...flags, initErrors: undefined };
    }

    /** The operation's provider host, started and configured on first use. */
    async host(): Promise<ProviderHost> {
        try {
            return await this.startHost();
        } catch (err) {
            throw this.aborted ? err : this.fail(undefined, `starting the provider host failed: ${errorText(err)}`);
        }
    }

    private async call<R>(urn: string, what: string, f: () => Promise<R>): Promise<R> {
        try {
            return await f();
        } catch (err) {
            throw this.aborted ? err : this.fail(urn, `${what} failed: ${errorText(err)}`);
        }
    }

    private addStep(op: StepOp, urn: string, type: string, extra: Partial<Step> = {}): void {
        this.steps.push({ op, urn, type, name: urnName(urn), preview: this.preview, diff: [], ...extra });
    }
}

/** `ignoreChanges`: those top-level inputs keep their old value (or stay absent), before Check. */
function ignoreChanges(news: PropertyMap, olds: PropertyMap, paths: string[]): PropertyMap {
    const out: PropertyMap = { ...news };
    for (const key of paths) {
        if (key in olds) out[key] = olds[key];
        else delete out[key];
    }
    return out;
}
