/**
 * Program-side forms of the push lookup (`getGitPush` / `getGitPushOutput`); they read at every preview and update.
 */
import * as pulumi from "@pulumi/pulumi";
import { withContext } from "../../core/errors";
import { programSession } from "../../core/programSettings";
import { propertyPath } from "../../core/validation";
import { getGitPush as fetchPush } from "./api";
import { type GitPush, GitPushArgs } from "./schema";

export type GetGitPushArgs = GitPushArgs;
export type GetGitPushOutputArgs = { [K in keyof GitPushArgs]: pulumi.Input<GitPushArgs[K]> };

export async function getGitPush(args: GetGitPushArgs): Promise<GitPush> {
    const parsed = GitPushArgs.safeParse(args);
    if (!parsed.success) {
        throw new Error(`getGitPush: invalid arguments: ${parsed.error.issues.map((i) => `${propertyPath(i.path) || "args"}: ${i.message}`).join("; ")}`);
    }
    try {
        return await fetchPush(programSession().client("devops"), parsed.data);
    } catch (err) {
        // No handler names this call in errors: the function does, as a handler names its resource and operation.
        const a = parsed.data;
        throw withContext(err, { resource: `getGitPush (push ${a.pushId} of repository "${a.repository}" in organization "${a.organization}")` });
    }
}

export function getGitPushOutput(args: GetGitPushOutputArgs): pulumi.Output<GitPush> {
    return pulumi.output(args).apply((a) => getGitPush(a as GetGitPushArgs));
}
