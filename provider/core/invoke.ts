/**
 * Invoke options of the program-side get functions (`getX` / `getXOutput`). They read in the program, not through a
 * provider plugin, so of Pulumi's invoke options `dependsOn` (wait for those resources before reading) and `parent`
 * apply; `provider` cannot: there is no tenantkit provider resource, and a connection is passed as `connection`.
 */
import * as pulumi from "@pulumi/pulumi";
import { checkProgramConfig } from "./programConfig";

/**
 * The invoke options of a `getXOutput` function: Pulumi's `InvokeOutputOptions` (its own type exists only from
 * @pulumi/pulumi 3.14x, and tenantkit supports older SDKs), so the same object can be passed.
 */
export interface GetOutputOptions extends pulumi.InvokeOptions {
    /** Resources to wait for before reading. */
    dependsOn?: pulumi.Input<pulumi.Input<pulumi.Resource>[]> | pulumi.Input<pulumi.Resource>;
}

/**
 * Refuses options these functions cannot honour, rather than ignoring them, and a stack config tenantkit cannot use
 * (programConfig.ts): both at the call, so the program stops there instead of in an output that fails later.
 */
export function checkInvokeOptions(fn: string, opts: pulumi.InvokeOptions | undefined): void {
    checkProgramConfig();
    if (opts?.provider !== undefined) {
        throw new Error(
            `${fn}: the provider option does not apply (tenantkit reads in the program, without a provider plugin); to read another tenant, pass connection in the arguments`,
        );
    }
}

/**
 * `args` once every resource of `dependsOn` is done: a custom resource once it has its id, any other once it has
 * its URN. During a preview a dependency that is still to be created has no id, so the read waits for the update
 * and the result is unknown, as with Pulumi's own invokes.
 */
export function afterDependencies<T>(args: pulumi.Input<T>, opts: GetOutputOptions | undefined): pulumi.Output<pulumi.Unwrap<T>> {
    const dependsOn = opts?.dependsOn;
    if (dependsOn === undefined) return pulumi.output(args);
    const done = pulumi.output(dependsOn as pulumi.Input<pulumi.Input<pulumi.Resource>[] | pulumi.Input<pulumi.Resource>>).apply((d) => {
        const list = (Array.isArray(d) ? d : [d]) as pulumi.Input<pulumi.Resource>[];
        return pulumi.all(list.map((r) => pulumi.output(r).apply((res) => (pulumi.CustomResource.isInstance(res) ? res.id : res.urn))));
    });
    return pulumi.all([pulumi.output(args), done]).apply(([a]) => a as pulumi.Unwrap<T>);
}
