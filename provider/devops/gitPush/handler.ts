/**
 * Provider-host side of `devops.GitPush`, a read-only resource: create reads, refresh re-reads, a change of any
 * argument replaces, delete only forgets. Loaded by package name: `pulumi-tenantkit/devops/gitPush`.
 */
import { changedInputs, typeName } from "../../core/model/definition";
import { isNotFound } from "../../core/errors/errors";
import { defineHandler, stubConfigure } from "../../core/host/handler";
import type { JsonObject } from "../../core/model/json";
import { checkWithSchema } from "../../core/host/validation";
import { fetchGitPush } from "./api";
import { gitPush } from "./definition";
import { type GitPush, GitPushInputs } from "./schema";
import { typeToken } from "../../core/model/patterns";
import { devopsService } from "../devopsService";

type Inputs = GitPushInputs & JsonObject;
type State = GitPushInputs & { push: GitPush } & JsonObject;

/** The lookup's arguments, which name the push. */
const KEYS = Object.keys(gitPush.inputs) as (keyof GitPushInputs)[];
const idOf = (a: GitPushInputs) => `${a.organization}/${a.project ?? ""}/${a.repository}/${a.pushId}`;
const argsOf = (v: Partial<GitPushInputs>): GitPushInputs =>
    Object.fromEntries(KEYS.filter((k) => v[k] !== undefined).map((k) => [k, v[k]])) as GitPushInputs;

export const handler = defineHandler<Inputs, State>({
    type: typeToken(typeName(gitPush)),
    signsInTo: ["devops"],
    describe: (i) =>
        `push ${String(i.pushId ?? "?")} of repository "${String(i.repository ?? "?")}" in organization "${String(i.organization ?? "?")}"`,

    async check(news) {
        const checked = checkWithSchema(GitPushInputs, news);
        return { inputs: checked.inputs as Inputs, failures: checked.failures };
    },

    async diff(_id, olds, news) {
        const { replace } = changedInputs(gitPush, olds, news);
        return { changes: replace.length > 0, replaces: replace, deleteBeforeReplace: false };
    },

    async create(inputs, ctx) {
        const push = await fetchGitPush(ctx.session().client(devopsService), inputs);
        return { id: idOf(inputs), outs: { ...inputs, push } as State };
    },

    async read(id, props, ctx) {
        const args = argsOf(props);
        try {
            const push = await fetchGitPush(ctx.session().client(devopsService), args);
            return { id, outs: { ...args, push } as State, inputs: args as Inputs };
        } catch (err) {
            if (isNotFound(err)) return undefined;
            throw err;
        }
    },
});

/** Called by the serialized stub (core/program/stub.ts): installs `handler` on the host's stub object. */
export const configure = stubConfigure(handler);
