/**
 * Azure DevOps `Pushes - Get` (REST 7.1, spec area D; vsts-rest-api-specs `specification/git/7.1/git.json`).
 * Strict arguments, their structure from the definition; a tolerant GitPush that keeps what the service adds.
 */
import * as z from "zod";
import { schemaOf } from "../../core/model/schemaOf";
import { isDotSegment } from "../../core/http/urls";
import { getGitPush } from "./definition";
import type { GitPushLookup, GitPushResult } from "./types";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const segment = (what: string) =>
    z
        .string()
        .trim()
        .min(1, `${what} must not be empty`)
        .refine((s) => !CONTROL.test(s), "must not contain control characters")
        .refine(
            (s) => !isDotSegment(s),
            `must not be "." or "..": in a URL path they mean this folder and its parent, so no request can name such a ${what}`,
        );

/** The lookup's inputs as check leaves them. */
export type GitPushInputs = { -readonly [K in keyof GitPushLookup]: GitPushLookup[K] };

/** The lookup's inputs as check validates them: the definition's structure (core/schemaOf.ts), refined. */
export const GitPushInputs = schemaOf<GitPushLookup>(getGitPush, {
    organization: segment("organization").refine(
        (s) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/.test(s),
        "must be an organization name: letters, digits, '.', '_' or '-', at most 50 characters",
    ),
    project: segment("project").refine((s) => s.length <= 64, "must be at most 64 characters"),
    repository: segment("repository"),
    pushId: z.number().int("must be an integer").min(1, "must be at least 1").max(2147483647, "must fit in int32"),
    includeCommits: z.number().int("must be an integer count of commits").min(0).max(2147483647),
});

const IdentityRef = z.looseObject({
    id: z.string(),
    displayName: z.string(),
    uniqueName: z.string().optional(),
    url: z.string().optional(),
    imageUrl: z.string().optional(),
    descriptor: z.string().optional(),
});
const GitUserDate = z.looseObject({ name: z.string().optional(), email: z.string().optional(), date: z.string().optional() });
const Link = z.looseObject({ href: z.string() });

export const GitCommitRef = z.looseObject({
    commitId: z.string(),
    author: GitUserDate.optional(),
    committer: GitUserDate.optional(),
    comment: z.string().optional(),
    changeCounts: z.record(z.string(), z.number()).optional(),
    parents: z.array(z.string()).optional(),
    url: z.string().optional(),
});

export const GitRefUpdate = z.looseObject({
    name: z.string(),
    oldObjectId: z.string(),
    newObjectId: z.string(),
    repositoryId: z.string().optional(),
    isLocked: z.boolean().optional(),
});

export const GitPush = z.looseObject({
    pushId: z.number(),
    // Always in the service's answer (every official push payload): required, so a body without them is an unexpected
    // body and the public type needs no `?.`. `_links` is in the Get example but not in the list's items.
    date: z.string(),
    pushedBy: IdentityRef,
    url: z.string(),
    _links: z.record(z.string(), Link).optional(),
    commits: z.array(GitCommitRef).optional(),
    refUpdates: z.array(GitRefUpdate).optional(),
    repository: z
        .looseObject({ id: z.string().optional(), name: z.string().optional(), url: z.string().optional(), project: z.looseObject({}).optional() })
        .optional(),
});
export type GitPush = z.infer<typeof GitPush>;

// A parsed push is the public result.
const _resultIsPublic = (p: GitPush): GitPushResult => p;
void _resultIsPublic;
