/**
 * Program side of the Azure DevOps push lookup as a read-only resource; `pulumi refresh` re-reads it.
 */
import type * as pulumi from "@pulumi/pulumi";
import { handlerStub, TenantkitResource } from "../../core/dynamic";
import type { GitPush as GitPushResult } from "./schema";

export interface GitPushArgs {
    /** The organization (or, on Azure DevOps Server, the collection). */
    readonly organization: pulumi.Input<string>;
    /** Project name or id; optional. */
    readonly project?: pulumi.Input<string>;
    /** Repository name or id. */
    readonly repository: pulumi.Input<string>;
    readonly pushId: pulumi.Input<number>;
    /** How many commits to include (a count, not a boolean). */
    readonly includeCommits?: pulumi.Input<number>;
    /** Include the refs the push updated. */
    readonly includeRefUpdates?: pulumi.Input<boolean>;
}

// A lookup is never updated in place (any new argument replaces it) and deleting it only forgets it.
export const stub = handlerStub("pulumi-tenantkit/bin/devops/gitPush/handler");

/** One push of a git repository (`Pushes - Get`, REST 7.1), with its commits and ref updates on request. */
export class GitPush extends TenantkitResource {
    /** The push as Azure DevOps returns it: pushId, date, pushedBy, url, _links, commits, refUpdates, repository. */
    declare readonly push: pulumi.Output<GitPushResult>;

    constructor(name: string, args: GitPushArgs, opts?: pulumi.CustomResourceOptions) {
        super(stub, "GitPush", name, { ...args, push: undefined }, opts);
    }
}
