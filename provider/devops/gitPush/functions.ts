/**
 * Program-side forms of the push lookup (`getGitPush` / `getGitPushOutput`); they read at every preview and update.
 */
import * as pulumi from "@pulumi/pulumi";
import { checkInvokeOptions, LookupError, lookupError, lookupOutput } from "../../core/invoke";
import type { GetOutputOptions } from "../../core/invoke";
import { programSession } from "../../core/programSettings";
import { propertyPath } from "../../core/validation";
import { fetchGitPush } from "./api";
import { GitPushInputs } from "./schema";
import type { GetGitPushArgs, GetGitPushOutputArgs, GitPushResult } from "./types";
import { devopsService } from "../devopsService";

/**
 * Reads one push of a git repository (`Pushes - Get`, REST 7.1), with its commits and ref updates on request.
 *
 * Signs in with the stack's `tenantkit:*` config, or with `args.connection`. Of the invoke options, `parent` is
 * accepted; `provider` is refused (pass `connection`).
 */
export async function getGitPush(args: GetGitPushArgs, opts?: pulumi.InvokeOptions): Promise<GitPushResult> {
    checkInvokeOptions("getGitPush", opts);
    const { connection, ...lookup } = args;
    const parsed = GitPushInputs.safeParse(lookup);
    if (!parsed.success) {
        throw new LookupError(
            `getGitPush: invalid arguments: ${parsed.error.issues.map((i) => `${propertyPath(i.path) || "args"}: ${i.message}`).join("; ")}`,
        );
    }
    const a = parsed.data;
    // No handler names this call in errors: the function does, as a handler names its resource and operation.
    const where = `getGitPush (push ${a.pushId} of repository "${a.repository}" in organization "${a.organization}")`;
    try {
        return await fetchGitPush(programSession(connection).client(devopsService), a);
    } catch (err) {
        throw lookupError(where, err);
    }
}

/**
 * The Output form of {@link getGitPush}: arguments may be outputs, and `dependsOn` waits for those resources first.
 */
export function getGitPushOutput(args: GetGitPushOutputArgs, opts?: GetOutputOptions): pulumi.Output<GitPushResult> {
    checkInvokeOptions("getGitPushOutput", opts);
    return lookupOutput(args, opts, (a) => getGitPush(a as GetGitPushArgs, opts));
}
