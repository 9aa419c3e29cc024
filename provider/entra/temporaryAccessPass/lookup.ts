/** The TAP lookup as a get function (core/host/lookup.ts): what `getTemporaryAccessPassMethods` and the plugin's Invoke share. */
import type { Lookup } from "../../core/host/lookup";
import { fetchTemporaryAccessPassMethods } from "./api";
import { TemporaryAccessPassInputs } from "./schema";
import type { TemporaryAccessPassMethodsResult } from "./types";
import { graphService } from "../graphService";

export const lookup: Lookup<TemporaryAccessPassInputs, TemporaryAccessPassMethodsResult> = {
    name: "getTemporaryAccessPassMethods",
    schema: TemporaryAccessPassInputs,
    describe: (a) => (a.user === undefined ? "the signed-in user" : `user "${a.user}"`),
    read: (session, a) => fetchTemporaryAccessPassMethods(session.client(graphService), session.settings.cloud, a.user),
};
