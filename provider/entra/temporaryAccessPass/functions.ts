/**
 * Program-side forms of the TAP lookup, in the style of Pulumi's `getX` / `getXOutput` functions. They call Graph
 * from the program (also during preview, like an invoke); settings come from `pulumi.Config("tenantkit")`.
 */
import * as pulumi from "@pulumi/pulumi";
import { checkInvokeOptions, LookupError, lookupError, lookupOutput } from "../../core/invoke";
import type { GetOutputOptions } from "../../core/invoke";
import { programSession } from "../../core/programSettings";
import { propertyPath } from "../../core/validation";
import { fetchTemporaryAccessPassMethods } from "./api";
import { TemporaryAccessPassInputs } from "./schema";
import type { GetTemporaryAccessPassMethodsArgs, GetTemporaryAccessPassMethodsOutputArgs, TemporaryAccessPassMethodsResult } from "./types";
import { graphService } from "../graphService";

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
    const parsed = TemporaryAccessPassInputs.safeParse(lookup);
    if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${propertyPath(i.path) || "args"}: ${i.message}`);
        throw new LookupError(`getTemporaryAccessPassMethods: invalid arguments: ${problems.join("; ")}`);
    }
    const user = parsed.data.user;
    // No handler names this call in errors: the function does, as a handler names its resource and operation.
    const where = `getTemporaryAccessPassMethods (${user === undefined ? "the signed-in user" : `user "${user}"`})`;
    try {
        const session = programSession(connection);
        return await fetchTemporaryAccessPassMethods(session.client(graphService), session.settings.cloud, user);
    } catch (err) {
        throw lookupError(where, err);
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
