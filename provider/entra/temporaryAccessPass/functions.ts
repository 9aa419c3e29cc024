/**
 * Program-side forms of the TAP lookup, in the style of Pulumi's `getX` / `getXOutput` functions. They call Graph
 * from the program (also during preview, like an invoke); settings come from `pulumi.Config("tenantkit")`.
 */
import * as pulumi from "@pulumi/pulumi";
import { withContext } from "../../core/errors";
import { programSession } from "../../core/programSettings";
import { propertyPath } from "../../core/validation";
import { getTemporaryAccessPassMethods as fetchMethods } from "./api";
import { TemporaryAccessPassMethodsArgs, type TemporaryAccessPassMethodsResult } from "./schema";

export interface GetTemporaryAccessPassMethodsArgs {
    /** The user's object id or user principal name; omitted means the signed-in user (`/me`). */
    readonly user?: string;
}

export interface GetTemporaryAccessPassMethodsOutputArgs {
    readonly user?: pulumi.Input<string>;
}

/** Reads the temporary access pass method of a user (or of the signed-in user). */
export async function getTemporaryAccessPassMethods(args: GetTemporaryAccessPassMethodsArgs = {}): Promise<TemporaryAccessPassMethodsResult> {
    const parsed = TemporaryAccessPassMethodsArgs.safeParse(args);
    if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${propertyPath(i.path) || "args"}: ${i.message}`);
        throw new Error(`getTemporaryAccessPassMethods: invalid arguments: ${problems.join("; ")}`);
    }
    const session = programSession();
    try {
        return await fetchMethods(session.client("graph"), session.settings.cloud, parsed.data.user);
    } catch (err) {
        // No handler names this call in errors: the function does, as a handler names its resource and operation.
        throw withContext(err, { resource: `getTemporaryAccessPassMethods (${parsed.data.user === undefined ? "the signed-in user" : `user "${parsed.data.user}"`})` });
    }
}

/**
 * The Output form. The result is marked secret when it holds a pass (Graph returns one only at creation, so a
 * lookup normally holds none and stays readable in previews).
 */
export function getTemporaryAccessPassMethodsOutput(
    args: GetTemporaryAccessPassMethodsOutputArgs = {},
): pulumi.Output<TemporaryAccessPassMethodsResult> {
    const result = pulumi.output(args).apply((a) => getTemporaryAccessPassMethods({ user: a.user }));
    return result.apply((r) => (r.temporaryAccessPass === null ? pulumi.output(r) : pulumi.secret(r)));
}
