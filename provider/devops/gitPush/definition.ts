/**
 * The Azure DevOps push lookup, declared once (core/model/definition.ts): as the read-only resource
 * `tenantkit:devops:GitPush` (any other argument names another push, so every change replaces it) and as the function
 * `tenantkit:devops:getGitPush`.
 */
import {
    arrayOf,
    boolean,
    integer,
    lookupInputs,
    mapOf,
    objectOf,
    string,
    type FieldRule,
    defineFunction,
    type ObjectDefinition,
    defineResource,
    type Wire,
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

/**
 * Where an argument travels in the request ({@link Wire}): a segment of the URL's path (api.ts `pushPath` orders them)
 * or a query parameter of the same name, sent when set and not false or 0 (the service's default for both).
 */
type PushWire = Wire & { readonly request: "path" | "query" };

/** The lookup's arguments, as a resource's inputs (each names the push, so a change replaces) or a function's. */
const lookupFields: { readonly [K in keyof Required<GitPushLookup>]-?: FieldRule<GitPushLookup, K, PushWire> } = {
    organization: { type: string, required: true, wire: { request: "path" } },
    project: { type: string, wire: { request: "path" } },
    repository: { type: string, required: true, wire: { request: "path" } },
    pushId: { type: integer, required: true, wire: { request: "path" } },
    includeCommits: { type: integer, wire: { request: "query" } },
    includeRefUpdates: { type: boolean, wire: { request: "query" } },
};

export const gitPush = defineResource<GitPushLookup, Omit<GitPushState, keyof GitPushLookup>, PushWire>()({
    token: "tenantkit:devops:GitPush",
    area: "devops",
    folder: "gitPush",
    docs: { inputs: "GitPushLookup", outputs: "GitPushState", resource: "GitPush" },
    inputs: lookupInputs<GitPushLookup, PushWire>(lookupFields),
    outputs: {
        push: { type: objectOf(Push), always: true },
    },
});

export const getGitPush = defineFunction<GitPushLookup, GitPushResult, PushWire>()({
    token: "tenantkit:devops:getGitPush",
    docs: { folder: "devops/gitPush", inputs: "GitPushLookup", outputs: "GitPushResult", function: "getGitPush" },
    inputs: lookupFields,
    outputs: Push.fields,
});
