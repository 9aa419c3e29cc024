/**
 * Invoke options of the program-side get functions (`getX` / `getXOutput`). They read in the program, not through a
 * provider plugin, so of Pulumi's invoke options `dependsOn` (wait for those resources before reading) and `parent`
 * apply; `provider` cannot: there is no tenantkit provider resource, and a connection is passed as `connection`.
 */
import * as pulumi from "@pulumi/pulumi";
import { lookupFailure } from "../host/lookup";
import { checkProgramConfig } from "./programConfig";
import { ProgramRunError } from "./runError";
import { redactSecrets } from "../errors/redact";

/**
 * The invoke options of a `getXOutput` function: Pulumi's `InvokeOutputOptions` (its own type exists only from
 * @pulumi/pulumi 3.14x, and tenantkit supports older SDKs), so the same object can be passed.
 */
export interface GetOutputOptions extends pulumi.InvokeOptions {
    /** Resources to wait for before reading. */
    dependsOn?: pulumi.Input<pulumi.Input<pulumi.Resource>[]> | pulumi.Input<pulumi.Resource>;
}

/**
 * What a get function rejects with, whatever went wrong: its message names the function and its identifying
 * argument, then the failure (an API error keeps its status, service code, request ids and next step; a settings
 * error lists each setting and the command that fixes it). It is a `pulumi.RunError`, which the SDK prints as that
 * message alone, without a stack trace or a dump of the error's fields. The original error is `cause`.
 *
 * It carries no stack frames (runError.ts says why), and `cause` is a getter, which util.inspect does not walk.
 */
export class LookupError extends ProgramRunError {
    constructor(message: string, cause?: unknown) {
        super("LookupError", redactSecrets(message));
        if (cause !== undefined) Object.defineProperty(this, "cause", { get: () => cause, enumerable: false, configurable: true });
    }
}

/**
 * `err` as the {@link LookupError} of the call `where` names (`getGitPush (push 2 of repository "web" ...)`). An
 * API error gets `where` as its resource, so its message reads as a resource's does.
 */
export function lookupError(where: string, err: unknown): LookupError {
    if (err instanceof LookupError) return err;
    const failure = lookupFailure(where, err);
    return new LookupError(failure.message, failure.cause);
}

/**
 * Refuses options these functions cannot honour, rather than ignoring them, and a stack config tenantkit cannot use
 * (programConfig.ts): both at the call, so the program stops there instead of in an output that fails later.
 */
export function checkInvokeOptions(fn: string, opts: pulumi.InvokeOptions | undefined): void {
    checkProgramConfig();
    if (opts?.provider !== undefined) {
        throw new LookupError(
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

/**
 * The Output of a get function: `read` once `args` and the dependencies are known, rejected with its LookupError when
 * it fails. A rejected Output rejects every Output derived from it, each with promises of its own (`isKnown`,
 * `isSecret`) that the SDK reads only when it serializes them; Node reports them as unhandled (the SDK prints the
 * error once, the same object each time) and, when they are read later, printed a `PromiseRejectionHandledWarning`
 * for each, unless some listener takes the `rejectionHandled` event. The first failure adds one that does nothing:
 * the run fails with the lookup's message, and the warnings said only that the SDK read its own promises late.
 */
export function lookupOutput<A, T>(
    args: pulumi.Input<A>,
    opts: GetOutputOptions | undefined,
    read: (a: pulumi.Unwrap<A>) => Promise<T>,
): pulumi.Output<T> {
    return afterDependencies(args, opts).apply((a) =>
        read(a).catch((err: unknown) => {
            quietLateHandling();
            throw err;
        }),
    );
}

let quiet = false;

function quietLateHandling(): void {
    if (quiet) return;
    quiet = true;
    process.on("rejectionHandled", () => undefined);
}
