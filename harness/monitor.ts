/**
 * The resource monitor the program talks to: a `MockMonitor` subclass installed with `setMockOptions` (exactly
 * what `pulumi.runtime.setMocks` does), so it receives the full `RegisterResourceRequest` with every resource
 * option, which plain mocks hide. Each request is turned into engine terms and handed to a {@link StepSink}.
 */
import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { MockMonitor } from "@pulumi/pulumi/runtime/mocks";
import { GrpcCode, empty, fromStruct, resource, toStruct } from "./grpc";
import { PropertyMap, PropertyValue, UNKNOWN, SIG, isPropertyMap } from "./wire";

/** The resource options the engine acts on. */
export interface RegistrationOptions {
    dependencies: string[];
    additionalSecretOutputs: string[];
    /** Undefined when the program did not set it (the provider's diff then decides). */
    deleteBeforeReplace?: boolean;
    ignoreChanges: string[];
    replaceOnChanges: string[];
    protect?: boolean;
    retainOnDelete?: boolean;
    importId?: string;
}

/** A `RegisterResource` call in engine terms (inputs as wire values). */
export interface Registration {
    urn: string;
    type: string;
    name: string;
    parent?: string;
    custom: boolean;
    inputs: PropertyMap;
    opts: RegistrationOptions;
}

/** A `ReadResource` call: a resource constructed with `opts.id`. */
export interface ReadRegistration {
    urn: string;
    type: string;
    name: string;
    parent?: string;
    id: string;
    inputs: PropertyMap;
    dependencies: string[];
    additionalSecretOutputs: string[];
}

/** What the program gets back: the id and the outputs (wire values). */
export interface Registered {
    id: string;
    outputs: PropertyMap;
}

/** The step generator behind the monitor. */
export interface StepSink {
    register(reg: Registration): Promise<Registered>;
    read(reg: ReadRegistration): Promise<Registered>;
    registerOutputs(urn: string, outputs: PropertyMap): void;
    /** True once a step failed: the engine stops the deployment and answers nothing more. */
    readonly aborted: boolean;
}

type Callback<R> = (err: Error | null, resp?: R) => void;

const RESOURCE_SIG = "5cf8f73096256a8f31e491e813e4eb8e";
const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

/** Forwards registrations, one at a time in arrival order, to a {@link StepSink}. */
export class ForwardingMonitor extends MockMonitor {
    private queue: Promise<void> = Promise.resolve();

    constructor(
        private readonly sink: StepSink,
        private readonly project: string,
        private readonly stack: string,
    ) {
        super({
            newResource: () => {
                throw new Error("unreachable: registrations are forwarded to the step generator");
            },
            call: (args) => {
                // The dynamic provider host implements no invokes (its `invoke` answers "unknown function").
                throw new Error(`invoke ${args.token} is not supported: dynamic providers implement no functions`);
            },
        });
    }

    override async registerResource(req: resproto.RegisterResourceRequest, callback: Callback<resproto.RegisterResourceResponse>): Promise<void> {
        const parent = req.getParent() || undefined;
        const reg: Registration = {
            urn: this.urnFor(parent, req.getType(), req.getName()),
            type: req.getType(),
            name: req.getName(),
            parent,
            custom: req.getCustom(),
            inputs: toEngineInputs(req.getObject()),
            opts: {
                dependencies: req.getDependenciesList(),
                additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
                deleteBeforeReplace: req.getDeletebeforereplacedefined() ? req.getDeletebeforereplace() : undefined,
                ignoreChanges: req.getIgnorechangesList(),
                replaceOnChanges: req.getReplaceonchangesList(),
                protect: req.getProtect(),
                retainOnDelete: req.getRetainondelete(),
                importId: req.getImportid() || undefined,
            },
        };
        await this.enqueue(callback, async () => {
            const done = await this.sink.register(reg);
            this.resources.set(reg.urn, { urn: reg.urn, id: done.id || null, state: done.outputs });
            const resp = new resource.RegisterResourceResponse();
            return resp.setUrn(reg.urn).setId(done.id).setObject(toStruct(done.outputs));
        });
    }

    override async readResource(req: resproto.ReadResourceRequest, callback: Callback<resproto.ReadResourceResponse>): Promise<void> {
        const parent = req.getParent() || undefined;
        const reg: ReadRegistration = {
            urn: this.urnFor(parent, req.getType(), req.getName()),
            type: req.getType(),
            name: req.getName(),
            parent,
            id: req.getId(),
            inputs: toEngineInputs(req.getProperties()),
            dependencies: req.getDependenciesList(),
            additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
        };
        await this.enqueue(callback, async () => {
            const done = await this.sink.read(reg);
            this.resources.set(reg.urn, { urn: reg.urn, id: done.id, state: done.outputs });
            return new resource.ReadResourceResponse().setUrn(reg.urn).setProperties(toStruct(done.outputs));
        });
    }

    override registerResourceOutputs(req: resproto.RegisterResourceOutputsRequest, callback: Callback<unknown>): void {
        const outputs = fromStruct(req.getOutputs());
        void this.enqueue(callback, async () => {
            this.sink.registerOutputs(req.getUrn(), outputs);
            return new empty.Empty();
        });
    }

    /**
     * Runs one request after the previous ones. After a failed step every answer is UNAVAILABLE: the SDK then
     * stops quietly ("Resource monitor is terminating") instead of raising unhandled rejections, as it does when
     * the real engine cancels a deployment; the failure itself is reported in the run's `errors`.
     */
    private enqueue<R>(callback: Callback<R>, work: () => Promise<R>): Promise<void> {
        const run = async (): Promise<void> => {
            if (this.sink.aborted) return callback(terminating("the deployment was stopped by an earlier error"));
            try {
                callback(null, await work());
            } catch (err) {
                callback(terminating(err instanceof Error ? err.message : String(err)));
            }
        };
        this.queue = this.queue.then(run);
        return this.queue;
    }

    /** The engine's URN: the parent's qualified type is prefixed, except the root stack's (`resource.NewURN`). */
    private urnFor(parent: string | undefined, type: string, name: string): string {
        const parentType = parent ? parent.split("::")[2] : undefined;
        const qualified = parentType && parentType !== ROOT_STACK_TYPE ? `${parentType}$${type}` : type;
        return `urn:pulumi:${this.stack}::${this.project}::${qualified}::${name}`;
    }
}

function terminating(message: string): Error {
    return Object.assign(new Error(message), { code: GrpcCode.UNAVAILABLE, details: message });
}

/**
 * The SDK's serialized properties as the engine holds them. Resource references become the id (custom
 * resources) or the URN (components): what the engine sends a provider that does not accept resources.
 */
function toEngineInputs(s: Parameters<typeof fromStruct>[0]): PropertyMap {
    const out: PropertyMap = {};
    for (const [k, v] of Object.entries(fromStruct(s))) out[k] = downgradeReferences(v);
    return out;
}

function downgradeReferences(v: PropertyValue): PropertyValue {
    if (Array.isArray(v)) return v.map(downgradeReferences);
    if (!isPropertyMap(v)) return v;
    if (v[SIG] === RESOURCE_SIG) {
        if (typeof v.id === "string") return v.id === "" ? UNKNOWN : v.id;
        return typeof v.urn === "string" ? v.urn : UNKNOWN;
    }
    const out: PropertyMap = {};
    for (const [k, x] of Object.entries(v)) out[k] = downgradeReferences(x);
    return out;
}
