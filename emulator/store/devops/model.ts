/**
 * The stored model of Azure DevOps git pushes (docs/api-facts.md section D, spec `Pushes_Get` of git 7.1): per
 * tenant, organizations with projects, repositories and their pushes, plus the personal access tokens users
 * created. An organization is global by name (dev.azure.com/{organization}) but belongs to one Entra tenant,
 * whose tokens it accepts. Also how a stored push is rendered as the service's GitPush payload.
 */

/** An identity as a push names it (IdentityRef without the urls, which are derived). */
export interface DevOpsIdentity {
    id: string;
    displayName: string;
    uniqueName: string;
}

/** A git user stamp of a commit. */
export interface GitUserDate {
    name: string;
    email: string;
    date: string;
}

/** A commit of a push (GitCommitRef). */
export interface StoredCommit {
    commitId: string;
    author: GitUserDate;
    committer: GitUserDate;
    comment: string;
    changeCounts: { Add: number; Edit: number; Delete: number };
    parents: string[];
}

/** A ref a push moved; an `oldObjectId` of 40 zeros creates the branch. */
export interface StoredRefUpdate {
    name: string;
    oldObjectId: string;
    newObjectId: string;
    repositoryId: string;
    isLocked?: boolean;
}

/** A push as stored. */
export interface StoredPush {
    pushId: number;
    date: string;
    pushedBy: DevOpsIdentity;
    commits: StoredCommit[];
    refUpdates: StoredRefUpdate[];
}

/** A git repository and its pushes. */
export interface Repository {
    id: string;
    name: string;
    pushes: StoredPush[];
}

/** A project (TeamProjectReference) and its repositories. */
export interface Project {
    id: string;
    name: string;
    visibility: "private" | "public";
    repositories: Repository[];
}

/** An organization (dev.azure.com/{name}). */
export interface Organization {
    name: string;
    projects: Project[];
}

/** A personal access token as its user created it. */
export interface PersonalAccessToken {
    token: string;
    /** The user's object id in the organization's tenant. */
    user: string;
    /** Organization names the token works in. */
    organizations: string[];
    /** Scopes such as `vso.code` (a full-access token has `app_token`). */
    scopes: string[];
    /** ISO time after which the token no longer works; absent = does not expire. */
    validTo?: string;
}

/** A tenant's Azure DevOps content. */
export interface DevOpsData {
    organizations: Organization[];
    pats: PersonalAccessToken[];
}

/** Nothing: a tenant without Azure DevOps organizations. */
export function emptyDevOps(): DevOpsData {
    return { organizations: [], pats: [] };
}

/** Where a push lives, resolved from a path. */
export interface PushLocation {
    readonly organization: Organization;
    readonly project: Project;
    readonly repository: Repository;
}

/** What the caller asked the push to include. */
export interface PushShape {
    /** How many commits at most (0: none, `commits` is then `[]` as in the official example). */
    readonly includeCommits: number;
    readonly includeRefUpdates: boolean;
}

/**
 * The GitPush payload. `https://dev.azure.com/{org}` becomes `{base}/devops/{org}`; identity urls, which the
 * service puts under vssps.dev.azure.com, stay under the same base because the emulator has one host.
 */
export function renderPush(baseUrl: string, at: PushLocation, push: StoredPush, shape: PushShape): Record<string, unknown> {
    const org = `${baseUrl}/devops/${encodeURIComponent(at.organization.name)}`;
    const repoUrl = `${org}/_apis/git/repositories/${at.repository.id}`;
    const url = `${repoUrl}/pushes/${push.pushId}`;
    const identityUrl = `${org}/_apis/Identities/${push.pushedBy.id}`;
    const body: Record<string, unknown> = {
        commits: push.commits.slice(0, Math.max(0, shape.includeCommits)).map((c) => ({ ...c, url: `${repoUrl}/commits/${c.commitId}` })),
        pushedBy: { ...push.pushedBy, url: identityUrl, imageUrl: `${org}/_api/_common/identityImage?id=${push.pushedBy.id}` },
        pushId: push.pushId,
        date: push.date,
        url,
        _links: {
            self: { href: url },
            repository: { href: repoUrl },
            commits: { href: `${url}/commits` },
            pusher: { href: identityUrl },
        },
        repository: {
            id: at.repository.id,
            name: at.repository.name,
            url: repoUrl,
            project: {
                id: at.project.id,
                name: at.project.name,
                url: `${org}/_apis/projects/${at.project.id}`,
                state: "wellFormed",
                visibility: at.project.visibility,
            },
            remoteUrl: `${org}/${encodeURIComponent(at.project.name)}/_git/${encodeURIComponent(at.repository.name)}`,
        },
    };
    if (shape.includeRefUpdates) body.refUpdates = push.refUpdates.map((r) => ({ ...r }));
    return body;
}

/**
 * A push as `Pushes_List` lists it: no commits and no `_links`, `refUpdates` only when asked
 * (test/fixtures/conformance/azdo-push-list-includerefupdates.response.json).
 */
export function renderPushListItem(baseUrl: string, at: PushLocation, push: StoredPush, includeRefUpdates: boolean): Record<string, unknown> {
    const { pushedBy, pushId, date, url, repository, refUpdates } = renderPush(baseUrl, at, push, { includeCommits: 0, includeRefUpdates });
    return { ...(includeRefUpdates ? { refUpdates } : {}), repository, pushedBy, pushId, date, url };
}
