/**
 * Settings for program-side functions (`getX` / `getXOutput`), which run in the Pulumi program, not in the
 * provider host: the same resolver as the handlers, fed by `pulumi.Config("tenantkit")`, then the environment; or
 * an explicit connection alone; the stack config is checked first (programConfig.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { connectionSettings } from "../settings/connection";
import type { Connection } from "../settings/connectionTypes";
import { CONFIG_NAMESPACE, resolveSettings, type Settings } from "../settings/settings";
import { sessionFor, type Session } from "../auth/session";
import { checkProgramConfig } from "./programConfig";

/** Resolved for each call: stack config is fixed during a run, and resolving is cheap next to an HTTP call. */
export function programSettings(): Settings {
    checkProgramConfig();
    const config = new pulumi.Config(CONFIG_NAMESPACE);
    return resolveSettings((key) => config.get(key));
}

/** The session of the stack's settings, or of `connection` when the call passed one. */
export function programSession(connection?: Connection): Session {
    if (connection) {
        checkProgramConfig();
        return sessionFor(connectionSettings(connection));
    }
    return sessionFor(programSettings());
}
