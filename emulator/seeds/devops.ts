/**
 * contoso's Azure DevOps content in the default seed: organization `fabrikam` with the official examples'
 * project and repository `Fabrikam-Fiber-Git` (push 23 as in test/fixtures/conformance/azdo-push-get.response.json, pushes 2
 * and 3 as in the list example) and a project with a space in its name, `Web Portal`, whose repository `web`
 * has pushes 1..3 by alice (push 2 creates a branch and carries three commits); and alice's PATs: one with
 * `vso.code`, one without it, one expired.
 */
import type { DevOpsData, DevOpsIdentity, StoredCommit } from "../store/devops/model";

/** Ids and secrets of the seeded Azure DevOps content (spread into DEFAULT_SEED_IDS). */
export const DEVOPS_SEED_IDS = {
    devopsOrganization: "fabrikam",
    devopsFiberProjectId: "6ce954b1-ce1f-45d1-b94d-e6bf2464ba2c",
    devopsFiberProjectName: "Fabrikam-Fiber-Git",
    devopsFiberRepositoryId: "278d5cd2-584d-4b63-824a-2ba458937249",
    devopsFiberRepositoryName: "Fabrikam-Fiber-Git",
    devopsWebProjectId: "a4c2b7e1-3d5f-4e8a-9b6c-1f2e3d4c5b6a",
    devopsWebProjectName: "Web Portal",
    devopsWebRepositoryId: "c7d8e9f0-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
    devopsWebRepositoryName: "web",
    /** alice's PAT for fabrikam with `vso.code`. */
    devopsPat: "devops-pat-alice-code-read",
    /** alice's PAT for fabrikam with `vso.work` only (no code scope). */
    devopsPatNoCode: "devops-pat-alice-work-only",
    /** alice's PAT for fabrikam with `vso.code` that expired in 2020. */
    devopsPatExpired: "devops-pat-alice-expired",
} as const;

const ZEROS = "0".repeat(40);

function sha(n: number): string {
    return n.toString(16).padStart(8, "0").repeat(5);
}

function commit(n: number, parent: string | undefined, when: string, comment: string, who: { name: string; email: string }): StoredCommit {
    const stamp = { ...who, date: when };
    return {
        commitId: sha(n),
        author: stamp,
        committer: stamp,
        comment,
        changeCounts: { Add: n % 3, Edit: 1, Delete: 0 },
        parents: parent === undefined ? [] : [parent],
    };
}

/** contoso's Azure DevOps content (pushers are alice, by `aliceId`/`aliceUpn`, and the official examples' people). */
export function devopsSeed(alice: { id: string; upn: string }): DevOpsData {
    const ids = DEVOPS_SEED_IDS;
    const aliceRef: DevOpsIdentity = { id: alice.id, displayName: "Alice", uniqueName: alice.upn };
    const who = { name: "Alice", email: alice.upn };
    const repoId = ids.devopsWebRepositoryId;
    const chuck: DevOpsIdentity = {
        id: "8c8c7d32-6b1b-47f4-b2e9-30b477b5ab3d",
        displayName: "Chuck Reinhart",
        uniqueName: "fabrikamfiber3@hotmail.com",
    };
    const fiber = ids.devopsFiberRepositoryId;
    return {
        organizations: [
            {
                name: ids.devopsOrganization,
                projects: [
                    {
                        id: ids.devopsFiberProjectId,
                        name: ids.devopsFiberProjectName,
                        visibility: "private",
                        repositories: [
                            {
                                id: fiber,
                                name: ids.devopsFiberRepositoryName,
                                pushes: [
                                    {
                                        pushId: 2,
                                        date: "2014-01-29T23:34:00.1018737Z",
                                        pushedBy: chuck,
                                        commits: [],
                                        refUpdates: [
                                            {
                                                repositoryId: fiber,
                                                name: "refs/heads/develop",
                                                oldObjectId: ZEROS,
                                                newObjectId: "be67f8871a4d2c75f13a51c1d3c30ac0d74d4ef4",
                                            },
                                        ],
                                    },
                                    {
                                        pushId: 3,
                                        date: "2014-01-29T23:53:35.705139Z",
                                        pushedBy: chuck,
                                        commits: [],
                                        refUpdates: [
                                            {
                                                repositoryId: fiber,
                                                name: "refs/heads/develop",
                                                oldObjectId: "be67f8871a4d2c75f13a51c1d3c30ac0d74d4ef4",
                                                newObjectId: "67cae2b029dff7eb3dc062b49403aaedca5bad8d",
                                            },
                                        ],
                                    },
                                    {
                                        pushId: 23,
                                        date: "2014-06-30T18:11:18.0929091Z",
                                        pushedBy: {
                                            id: "d6245f20-2af8-44f4-9451-8107cb2767db",
                                            displayName: "Normal Paulk",
                                            uniqueName: "fabrikamfiber16@hotmail.com",
                                        },
                                        commits: [],
                                        refUpdates: [],
                                    },
                                ],
                            },
                        ],
                    },
                    {
                        id: ids.devopsWebProjectId,
                        name: ids.devopsWebProjectName,
                        visibility: "private",
                        repositories: [
                            {
                                id: repoId,
                                name: ids.devopsWebRepositoryName,
                                pushes: [
                                    {
                                        pushId: 1,
                                        date: "2025-05-01T09:00:00.000Z",
                                        pushedBy: aliceRef,
                                        commits: [commit(1, undefined, "2025-05-01T08:59:00.000Z", "Initial commit", who)],
                                        refUpdates: [{ repositoryId: repoId, name: "refs/heads/main", oldObjectId: ZEROS, newObjectId: sha(1) }],
                                    },
                                    {
                                        pushId: 2,
                                        date: "2025-05-02T10:00:00.000Z",
                                        pushedBy: aliceRef,
                                        commits: [
                                            commit(4, sha(3), "2025-05-02T09:58:00.000Z", "Add the footer", who),
                                            commit(3, sha(2), "2025-05-02T09:57:00.000Z", "Add the header", who),
                                            commit(2, sha(1), "2025-05-02T09:56:00.000Z", "Add a landing page", who),
                                        ],
                                        refUpdates: [
                                            { repositoryId: repoId, name: "refs/heads/feature/landing", oldObjectId: ZEROS, newObjectId: sha(4) },
                                        ],
                                    },
                                    {
                                        pushId: 3,
                                        date: "2025-05-03T11:00:00.000Z",
                                        pushedBy: aliceRef,
                                        commits: [commit(5, sha(1), "2025-05-03T10:59:00.000Z", "Fix a typo", who)],
                                        refUpdates: [
                                            {
                                                repositoryId: repoId,
                                                name: "refs/heads/main",
                                                oldObjectId: sha(1),
                                                newObjectId: sha(5),
                                                isLocked: false,
                                            },
                                        ],
                                    },
                                ],
                            },
                        ],
                    },
                ],
            },
        ],
        pats: [
            { token: ids.devopsPat, user: alice.id, organizations: [ids.devopsOrganization], scopes: ["vso.code"] },
            { token: ids.devopsPatNoCode, user: alice.id, organizations: [ids.devopsOrganization], scopes: ["vso.work"] },
            {
                token: ids.devopsPatExpired,
                user: alice.id,
                organizations: [ids.devopsOrganization],
                scopes: ["vso.code"],
                validTo: "2020-01-01T00:00:00.000Z",
            },
        ],
    };
}
