/**
 * The public shape of the Azure DevOps push lookup (`Pushes - Get`, REST 7.1, spec area D): the one place its
 * arguments and result are declared; schema.ts is checked against them at compile time. Plain interfaces only
 * (core/model/shapes.ts says why).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Connection, ConnectionArgs } from "../../core/settings/connectionTypes";
import type { InputShape } from "../../core/model/shapes";

/** Which push to read. */
export interface GitPushLookup {
    /** The organization (Azure DevOps Services) or the collection (Azure DevOps Server): letters, digits, `.`, `_`, `-`, at most 50. */
    readonly organization: string;
    /** The project name or id, at most 64 characters; omitted, the request names no project. */
    readonly project?: string;
    /** The repository name or id. */
    readonly repository: string;
    /** The push id, 1 to 2147483647. */
    readonly pushId: number;
    /** How many of the push's commits to include (a count, not a boolean); 0 or omitted includes none. */
    readonly includeCommits?: number;
    /** Include the refs the push updated. */
    readonly includeRefUpdates?: boolean;
}

/** An identity as Azure DevOps returns it. */
export interface GitIdentityRef {
    /** The identity's id (a guid). */
    readonly id: string;
    /** The display name; not unique, and changed only in the identity's source provider. */
    readonly displayName: string;
    /** The unique name, such as a sign-in address; deprecated by Azure DevOps in favour of the domain and principal name. */
    readonly uniqueName?: string;
    /** The full REST route to the identity's source resource. */
    readonly url?: string;
    /** The avatar's URL; deprecated by Azure DevOps in favour of the `avatar` link of the identity's `_links`. */
    readonly imageUrl?: string;
    /** The subject descriptor: the identity's primary, stable reference, the same across accounts and organizations. */
    readonly descriptor?: string;
}

/** Who made a commit, and when. */
export interface GitUserDate {
    /** Name of the user who performed the git operation. */
    readonly name?: string;
    /** Email address of that user. */
    readonly email?: string;
    /** ISO 8601. */
    readonly date?: string;
}

/** A commit of the push (with `includeCommits`). */
export interface GitCommitRef {
    /** The commit's SHA-1. */
    readonly commitId: string;
    /** The commit's author, and when it was authored. */
    readonly author?: GitUserDate;
    /** The commit's committer, and when it was committed. */
    readonly committer?: GitUserDate;
    /** The commit message (maybe truncated). */
    readonly comment?: string;
    /** Changed files by kind: `Add`, `Edit`, `Delete`. */
    readonly changeCounts?: { readonly [kind: string]: number };
    /** Parent commit ids. */
    readonly parents?: readonly string[];
    /** The commit's REST URL. */
    readonly url?: string;
}

/** A ref the push updated (with `includeRefUpdates`). */
export interface GitRefUpdate {
    /** The ref, such as `refs/heads/main`. */
    readonly name: string;
    /** The ref's commit before the push (all zeros for a new ref). */
    readonly oldObjectId: string;
    /** The ref's commit after the push (all zeros for a deleted ref). */
    readonly newObjectId: string;
    /** The id (a uuid) of the repository that holds the ref. */
    readonly repositoryId?: string;
    /** Whether the ref is locked. */
    readonly isLocked?: boolean;
}

/** A link of `_links`. */
export interface GitLink {
    /** The link's URL. */
    readonly href: string;
}

/** The repository of the push. */
export interface GitRepositoryRef {
    /** The repository id (a uuid). */
    readonly id?: string;
    /** The repository name. */
    readonly name?: string;
    /** The repository's REST URL. */
    readonly url?: string;
}

/** One push as Azure DevOps returns it; fields the service adds later are kept in the value, not typed here. */
export interface GitPushResult {
    /** The push id (an int32), as in the lookup. */
    readonly pushId: number;
    /** When the push arrived, ISO 8601. */
    readonly date: string;
    /** Who made the push. */
    readonly pushedBy: GitIdentityRef;
    /** The push's REST URL. */
    readonly url: string;
    /** `self`, `repository`, `commits`, `pusher` (in the Get answer; the official list example's items have none). */
    readonly _links?: { readonly [name: string]: GitLink };
    /** With `includeCommits`; the service may send an empty list otherwise. */
    readonly commits?: readonly GitCommitRef[];
    /** With `includeRefUpdates`. */
    readonly refUpdates?: readonly GitRefUpdate[];
    /** The repository pushed to. */
    readonly repository?: GitRepositoryRef;
}

/** Arguments of `devops.GitPush`: the lookup, each value possibly an output of another resource. */
export interface GitPushArgs extends InputShape<GitPushLookup> {
    /** The organization's endpoint and credentials to use instead of the stack's `tenantkit:*` config. */
    readonly connection?: pulumi.Input<ConnectionArgs>;
}

/** Arguments of `getGitPush`. */
export interface GetGitPushArgs extends GitPushLookup {
    /** The organization's endpoint and credentials to use instead of the stack's `tenantkit:*` config. */
    readonly connection?: Connection;
}

/** Arguments of `getGitPushOutput`: those of `getGitPush`, each possibly an output. */
export interface GetGitPushOutputArgs extends InputShape<GitPushLookup> {
    /** The organization's endpoint and credentials to use instead of the stack's `tenantkit:*` config. */
    readonly connection?: pulumi.Input<ConnectionArgs>;
}

/** The outputs of `devops.GitPush`: the lookup and the push. */
export interface GitPushState extends GitPushLookup {
    /** The push as Azure DevOps returned it when last read (at create, then at each refresh). */
    readonly push: GitPushResult;
}
