/**
 * The Azure DevOps push lookup, declared once (core/model/definition.ts): as the read-only resource
 * `tenantkit:devops:GitPush` (any other argument names another push, so every change replaces it) and as the function
 * `tenantkit:devops:getGitPush`.
 */
import {
    arrayOf,
    boolean,
    integer,
    mapOf,
    objectOf,
    string,
    type FieldRule,
    defineFunction,
    type ObjectDefinition,
    defineResource,
} from "../../core/model/definition";
import type {
    GitCommitRef,
    GitIdentityRef,
    GitLink,
    GitPushLookup,
    GitPushResult,
    GitPushState,
    GitRefUpdate,
    GitRepositoryRef,
    GitUserDate,
} from "./types";

const Identity: ObjectDefinition<GitIdentityRef> = {
    name: "GitIdentityRef",
    fields: {
        id: { type: string, required: true },
        displayName: { type: string, required: true },
        uniqueName: { type: string },
        url: { type: string },
        imageUrl: { type: string },
        descriptor: { type: string },
    },
};

const UserDate: ObjectDefinition<GitUserDate> = {
    name: "GitUserDate",
    fields: { name: { type: string }, email: { type: string }, date: { type: string } },
};

const Commit: ObjectDefinition<GitCommitRef> = {
    name: "GitCommitRef",
    fields: {
        commitId: { type: string, required: true },
        author: { type: objectOf(UserDate) },
        committer: { type: objectOf(UserDate) },
        comment: { type: string },
        changeCounts: { type: mapOf(integer) },
        parents: { type: arrayOf(string) },
        url: { type: string },
    },
};

const RefUpdate: ObjectDefinition<GitRefUpdate> = {
    name: "GitRefUpdate",
    fields: {
        name: { type: string, required: true },
        oldObjectId: { type: string, required: true },
        newObjectId: { type: string, required: true },
        repositoryId: { type: string },
        isLocked: { type: boolean },
    },
};

const Link: ObjectDefinition<GitLink> = { name: "GitLink", fields: { href: { type: string, required: true } } };

const Repository: ObjectDefinition<GitRepositoryRef> = {
    name: "GitRepositoryRef",
    fields: { id: { type: string }, name: { type: string }, url: { type: string } },
};

const Push: ObjectDefinition<GitPushResult> = {
    name: "GitPushResult",
    fields: {
        pushId: { type: integer, required: true },
        date: { type: string, required: true },
        pushedBy: { type: objectOf(Identity), required: true },
        url: { type: string, required: true },
        _links: { type: mapOf(objectOf(Link)) },
        commits: { type: arrayOf(objectOf(Commit)) },
        refUpdates: { type: arrayOf(objectOf(RefUpdate)) },
        repository: { type: objectOf(Repository) },
    },
};

/** The lookup's arguments, as a resource's inputs (each names the push, so a change replaces) or a function's. */
const lookupFields: { readonly [K in keyof Required<GitPushLookup>]-?: FieldRule<GitPushLookup, K> } = {
    organization: { type: string, required: true },
    project: { type: string },
    repository: { type: string, required: true },
    pushId: { type: integer, required: true },
    includeCommits: { type: integer },
    includeRefUpdates: { type: boolean },
};

export const gitPush = defineResource<GitPushLookup, Omit<GitPushState, keyof GitPushLookup>>()({
    token: "tenantkit:devops:GitPush",
    area: "devops",
    folder: "gitPush",
    docs: { inputs: "GitPushLookup", outputs: "GitPushState", resource: "GitPush" },
    inputs: {
        organization: { ...lookupFields.organization, change: "replace", output: true },
        project: { ...lookupFields.project, change: "replace", output: true },
        repository: { ...lookupFields.repository, change: "replace", output: true },
        pushId: { ...lookupFields.pushId, change: "replace", output: true },
        includeCommits: { ...lookupFields.includeCommits, change: "replace", output: true },
        includeRefUpdates: { ...lookupFields.includeRefUpdates, change: "replace", output: true },
    },
    outputs: {
        push: { type: objectOf(Push), always: true },
    },
});

/**
 * Where each argument travels in the request, typed over the lookup so that a new one needs a decision: a segment of
 * the URL's path (api.ts `pushPath` orders them) or a query parameter of the same name, sent when set and not false
 * or 0 (the service's default for both).
 */
export const gitPushWire: { readonly [K in keyof Required<GitPushLookup>]-?: "path" | "query" } = {
    organization: "path",
    project: "path",
    repository: "path",
    pushId: "path",
    includeCommits: "query",
    includeRefUpdates: "query",
};

export const getGitPush = defineFunction<GitPushLookup, GitPushResult>()({
    token: "tenantkit:devops:getGitPush",
    docs: { folder: "devops/gitPush", inputs: "GitPushLookup", outputs: "GitPushResult", function: "getGitPush" },
    inputs: lookupFields,
    outputs: Push.fields,
});
