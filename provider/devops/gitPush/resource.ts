/**
 * Program side of the Azure DevOps push lookup as a read-only resource; `pulumi refresh` re-reads it.
 */
import type * as pulumi from "@pulumi/pulumi";
import { TenantkitResource } from "../../core/program/dynamic";
import type { OutputShape } from "../../core/model/shapes";
import { handlerModule } from "../../core/model/definition";
import { handlerStub } from "../../core/program/stub";
import { gitPush } from "./definition";
import type { GitPushArgs, GitPushState } from "./types";

// A lookup is never updated in place (any new argument replaces it) and deleting it only forgets it.
/** The serialized provider stub of this resource: it requires the handler named here, by package name, when the engine runs it (core/program/stub.ts). */
export const stub = handlerStub(handlerModule(gitPush));

/** The outputs: the lookup's arguments and `push`, the push as Azure DevOps returned it. */
export interface GitPush extends OutputShape<GitPushState> {}

/**
 * One push of a git repository (`Pushes - Get`, REST 7.1), with its commits and ref updates on request. A read-only
 * resource: create reads, refresh re-reads (a push that is gone drops out of state), any new argument replaces it,
 * destroy only forgets it. For a read at every preview instead, use `getGitPush` / `getGitPushOutput`.
 */
export class GitPush extends TenantkitResource {
    constructor(name: string, args: GitPushArgs, opts?: pulumi.CustomResourceOptions) {
        super(gitPush, name, args, opts, stub);
    }
}
