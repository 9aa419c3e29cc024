/**
 * The program side of every tenantkit resource: its base class and the lazily created outputs. The stub that binds
 * a resource to its handler is in stub.ts. Part of the public declarations, so no syntax newer than TypeScript 3.8
 * (core/model/shapes.ts says why).
 */
import * as pulumi from "@pulumi/pulumi";
import { CONNECTION_KEY } from "../settings/connection";
import { checkProgramConfig } from "./programConfig";
import { TYPE_MODULE } from "../model/patterns";
import { outputSeeding, typeName } from "../model/definition";

/**
 * Makes the declared outputs in `keys` that `seeded` does not hold exist as outputs of `undefined`, created on first
 * access and depending on `resource`. For outputs the provider leaves empty when the program leaves them unset (a
 * branding property tenantkit does not manage, the workspace of a dataset in My workspace): the SDK pays for every
 * seeded output of every resource in every run, so seeding only what the provider fills keeps a preview cheap
 * (DESIGN.md, "Branding as desired state", has the figures).
 */
function lazyUndefinedOutputs(resource: pulumi.CustomResource, keys: readonly string[], seeded: object): void {
    for (const key of keys) {
        if (Object.prototype.hasOwnProperty.call(seeded, key)) continue;
        let output: pulumi.Output<undefined> | undefined;
        Object.defineProperty(resource, key, { configurable: true, enumerable: true, get: () => (output ??= resource.urn.apply(() => undefined)) });
    }
}

/**
 * Makes each of `keys` an output derived from the seeded object output `carrier` (its member of that name), created
 * on first access: several outputs the provider fills together cost the SDK one seeded output instead of one each.
 */
function lazyMemberOutputs(resource: pulumi.CustomResource, carrier: string, keys: readonly string[]): void {
    const source = (resource as unknown as Record<string, pulumi.Output<Record<string, unknown> | undefined>>)[carrier];
    for (const key of keys) {
        let output: pulumi.Output<unknown> | undefined;
        Object.defineProperty(resource, key, { configurable: true, enumerable: true, get: () => (output ??= source.apply((c) => c?.[key])) });
    }
}

/**
 * What the base class reads of a resource's definition (core/model/definition.ts): its token and property tables. Named
 * here, not imported, so that the public declarations stay within TypeScript 3.8.
 */
export interface DefinedResource {
    /** The Pulumi type token, `tenantkit:<area>:<Name>`. */
    readonly token: string;
    /** The rules of the properties a program sets. */
    readonly inputs: object;
    /** The rules of the rest of state. */
    readonly outputs: object;
}

/**
 * Base class of every tenantkit resource: the named Pulumi type, the stub, and the outputs its definition declares,
 * each created as the engine needs it (core/model/definition.ts `outputSeeding`: docs/engine-notes.md §2 says why an output
 * must exist before registration, DESIGN.md "Branding as desired state" why only those always set are seeded).
 */
export abstract class TenantkitResource extends pulumi.dynamic.Resource {
    /**
     * In Pulumi's order, what the resource is first, then its name, arguments and options, then the stub that binds
     * it to its handler. `args` may also hold outputs as `undefined` to create them up front (a read by id).
     */
    protected constructor(
        definition: DefinedResource,
        name: string,
        args: pulumi.Inputs,
        opts: pulumi.CustomResourceOptions | undefined,
        stub: pulumi.dynamic.ResourceProvider,
    ) {
        // Before registering: the engine would save the stack config, a plain-text credential included, with the
        // default provider, and a misspelled key would send this resource to the wrong endpoints.
        checkProgramConfig();
        const seeding = outputSeeding(definition);
        let props: pulumi.Inputs = { ...Object.fromEntries(seeding.seeded.map((k) => [k, undefined])), ...args };
        // A connection holds credentials: secret in the inputs and in the outputs that refresh and destroy read it from.
        const connected = props[CONNECTION_KEY] !== undefined;
        if (connected) props = { ...props, [CONNECTION_KEY]: pulumi.secret(props[CONNECTION_KEY]) };
        const secretOutputs = [...(opts?.additionalSecretOutputs ?? []), ...seeding.secret, ...(connected ? [CONNECTION_KEY] : [])];
        const merged: pulumi.CustomResourceOptions = secretOutputs.length
            ? { ...opts, additionalSecretOutputs: [...new Set(secretOutputs)] }
            : { ...opts };
        super(stub, name, props, merged, TYPE_MODULE, typeName(definition));
        lazyUndefinedOutputs(this, seeding.lazy, props);
        for (const [carrier, members] of Object.entries(seeding.carried)) lazyMemberOutputs(this, carrier, members);
    }
}

/**
 * The arguments of a read by id (`get`): every output the definition declares, created up front since the service
 * fills them all, with what the lookup says.
 */
export function readByIdArgs(definition: DefinedResource, lookup: object | undefined): pulumi.Inputs {
    const { seeded, lazy } = outputSeeding(definition);
    return { ...Object.fromEntries([...seeded, ...lazy].map((k) => [k, undefined])), ...lookup };
}
