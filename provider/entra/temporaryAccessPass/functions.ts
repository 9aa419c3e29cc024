/**
 * Program-side forms of the TAP lookup, in the style of Pulumi's `getX` / `getXOutput` functions. They call Graph
 * from the program (also during preview, like an invoke); settings come from `pulumi.Config("tenantkit")`.
 */
import * as pulumi from "@pulumi/pulumi";
import { checkInvokeOptions, LookupError, lookupError, lookupOutput } from "../../core/program/invoke";
import type { GetOutputOptions } from "../../core/program/invoke";
import { lookupCall, parseLookupArgs } from "../../core/host/lookup";
import { programSession } from "../../core/program/programSettings";
import { lookup as temporaryAccessPassLookup } from "./lookup";
import type { GetTemporaryAccessPassMethodsArgs, GetTemporaryAccessPassMethodsOutputArgs, TemporaryAccessPassMethodsResult } from "./types";

/**
 * Reads the temporary access pass method of a user (or of the signed-in user), without the pass itself.
 *
 * Signs in with the stack's `tenantkit:*` config, or with `args.connection`. Of the invoke options, `parent` is
 * accepted; `provider` is refused (pass `connection`).
 */
export async function getTemporaryAccessPassMethods(
    args: GetTemporaryAccessPassMethodsArgs = {},
    opts?: pulumi.InvokeOptions,
): Promise<TemporaryAccessPassMethodsResult> {
    checkInvokeOptions("getTemporaryAccessPassMethods", opts);
    const { connection, ...lookup } = args;
    const parsed = parseLookupArgs(temporaryAccessPassLookup, lookup);
    if (parsed.problems) {
        throw new LookupError(
            `getTemporaryAccessPassMethods: invalid arguments: ${parsed.problems.map((p) => `${p.property}: ${p.reason}`).join("; ")}`,
        );
    }
    try {
        return await temporaryAccessPassLookup.read(programSession(connection), parsed.args);
    } catch (err) {
        // No handler names this call in errors: the function does, as a handler names its resource and operation.
        throw lookupError(lookupCall(temporaryAccessPassLookup, parsed.args), err);
    }
}

/**
 * The Output form: arguments may be outputs, and `dependsOn` waits for those resources first. The result is marked
 * secret when it holds a pass (Graph returns one only at creation, so a lookup normally holds none and stays
 * readable in previews).
 */
export function getTemporaryAccessPassMethodsOutput(
    args: GetTemporaryAccessPassMethodsOutputArgs = {},
    opts?: GetOutputOptions,
): pulumi.Output<TemporaryAccessPassMethodsResult> {
    checkInvokeOptions("getTemporaryAccessPassMethodsOutput", opts);
    const result = lookupOutput(args, opts, (a) => getTemporaryAccessPassMethods(a as GetTemporaryAccessPassMethodsArgs, opts));
    return result.apply((r) => (r.temporaryAccessPass === null ? pulumi.output(r) : pulumi.secret(r)));
}
