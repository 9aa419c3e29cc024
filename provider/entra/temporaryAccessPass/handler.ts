/**
 * Provider-host side of `entra.TemporaryAccessPassMethods`, a read-only resource: create reads, refresh re-reads,
 * a change of `user` replaces, delete only forgets (no `delete` here: a lookup owns nothing in the tenant). Loaded by package name from the serialized stub:
 * `pulumi-tenantkit/entra/temporaryAccessPass` (a public contract; keep the path).
 */
import { changedInputs, typeName } from "../../core/model/definition";
import { temporaryAccessPassMethods } from "./definition";
import { defineHandler, stubConfigure } from "../../core/host/handler";
import { isNotFound } from "../../core/errors/errors";
import type { JsonObject } from "../../core/model/json";
import { checkWithSchema } from "../../core/host/validation";
import { assertTapAvailable, fetchTemporaryAccessPassMethods } from "./api";
import { TemporaryAccessPassInputs, type TemporaryAccessPassMethodsResult } from "./schema";
import { typeToken } from "../../core/model/patterns";
import { graphService } from "../graphService";

type Inputs = TemporaryAccessPassInputs & JsonObject;
type State = TemporaryAccessPassMethodsResult & JsonObject;

/** The resource id: the user as given, or `me`. */
const idOf = (user: string | undefined): string => user ?? "me";
/** Outputs carry `user: "me"` for the signed-in user; inputs omit it. */
const inputUser = (user: unknown): string | undefined => (user === "me" || user === undefined || user === null ? undefined : String(user));

export const handler = defineHandler<Inputs, State>({
    type: typeToken(typeName(temporaryAccessPassMethods)),
    signsInTo: ["graph"],
    describe: (inputs) => (inputUser(inputs.user) ? `user "${inputUser(inputs.user)}"` : "the signed-in user"),

    async check(news, _olds, ctx) {
        const checked = checkWithSchema(TemporaryAccessPassInputs, news);
        const failures = [...checked.failures];
        try {
            assertTapAvailable(ctx.settings().cloud);
        } catch (err) {
            failures.push({ property: "", reason: (err as Error).message });
        }
        return { inputs: checked.inputs as Inputs, failures };
    },

    async diff(_id, olds, news) {
        const { replace } = changedInputs(temporaryAccessPassMethods, olds, news);
        return { changes: replace.length > 0, replaces: replace, deleteBeforeReplace: false };
    },

    async create(inputs, ctx) {
        const s = ctx.session();
        const result = await fetchTemporaryAccessPassMethods(s.client(graphService), s.settings.cloud, inputUser(inputs.user));
        return { id: idOf(inputUser(inputs.user)), outs: result as State };
    },

    async read(id, props, ctx) {
        const user = inputUser(props.user) ?? inputUser(id);
        const s = ctx.session();
        try {
            const result = await fetchTemporaryAccessPassMethods(s.client(graphService), s.settings.cloud, user);
            const inputs: Inputs = user === undefined ? {} : { user };
            return { id: idOf(user), outs: result as State, inputs };
        } catch (err) {
            // The user is gone: refresh drops the lookup from state.
            if (isNotFound(err)) return undefined;
            throw err;
        }
    },
});

/** Called by the serialized stub (core/program/stub.ts): installs `handler` on the host's stub object. */
export const configure = stubConfigure(handler);
