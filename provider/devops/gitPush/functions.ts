/**
 * Program-side forms of the push lookup (`getGitPush` / `getGitPushOutput`); they read at every preview and update.
 */
import * as pulumi from "@pulumi/pulumi";
import { checkInvokeOptions, LookupError, lookupError, lookupOutput } from "../../core/program/invoke";
import type { GetOutputOptions } from "../../core/program/invoke";
import { lookupCall, parseLookupArgs } from "../../core/host/lookup";
import { programSession } from "../../core/program/programSettings";
import { lookup as gitPushLookup } from "./lookup";
import type { GetGitPushArgs, GetGitPushOutputArgs, GitPushResult } from "./types";

/**
 * Reads one push of a git repository (`Pushes - Get`, REST 7.1), with its commits and ref updates on request.
 *
 * Signs in with the stack's `tenantkit:*` config, or with `args.connection`. Of the invoke options, `parent` is
 * accepted; `provider` is refused (pass `connection`).
 */
export async function getGitPush(args: GetGitPushArgs, opts?: pulumi.InvokeOptions): Promise<GitPushResult> {
    checkInvokeOptions("getGitPush", opts);
    const { connection, ...lookup } = args;
    const parsed = parseLookupArgs(gitPushLookup, lookup);
    if (parsed.problems)
        throw new LookupError(`getGitPush: invalid arguments: ${parsed.problems.map((p) => `${p.property}: ${p.reason}`).join("; ")}`);
    try {
        return await gitPushLookup.read(programSession(connection), parsed.args);
    } catch (err) {
        // No handler names this call in errors: the function does, as a handler names its resource and operation.
        throw lookupError(lookupCall(gitPushLookup, parsed.args), err);
    }
}

/**
 * The Output form of {@link getGitPush}: arguments may be outputs, and `dependsOn` waits for those resources first.
 */
export function getGitPushOutput(args: GetGitPushOutputArgs, opts?: GetOutputOptions): pulumi.Output<GitPushResult> {
    checkInvokeOptions("getGitPushOutput", opts);
    return lookupOutput(args, opts, (a) => getGitPush(a as GetGitPushArgs, opts));
}
