/**
 * Graph calls of the TAP lookup: `GET /v1.0/me/authentication/temporaryAccessPassMethods` and
 * `GET /v1.0/users/{id | userPrincipalName}/authentication/temporaryAccessPassMethods` (spec A1, A2).
 * No query parameters are sent: the API "does not support optional query parameters".
 */
import type { CloudEndpoints } from "../../core/settings/clouds";
import { isApiError, withContext } from "../../core/errors/errors";
import type { ServiceClient } from "../../core/http/http";
import {
    type TemporaryAccessPassMethod,
    TemporaryAccessPassMethodListWire,
    type TemporaryAccessPassMethodWire,
    type TemporaryAccessPassMethodsResult,
} from "./schema";

/** Least privileged application permission on the current Graph docs (older docs: UserAuthenticationMethod.Read.All). */
export const TAP_READ_PERMISSION = "UserAuthMethod-TAP.Read.All";

/** Thrown before any request when the cloud has no TAP API. */
export class UnsupportedCloudError extends Error {
    override readonly name = "UnsupportedCloudError";
}

export function assertTapAvailable(cloud: CloudEndpoints): void {
    if (!cloud.temporaryAccessPass) {
        throw new UnsupportedCloudError(
            `temporary access pass methods are not available in the ${cloud.description} cloud (Graph documents the API ` +
                `for Global, US Government L4 and L5 only), so no request was sent. Remove this lookup from stacks on ` +
                `tenantkit:cloud ${cloud.name}.`,
        );
    }
}

export function tapPath(user: string | undefined): readonly string[] {
    return user === undefined
        ? ["v1.0", "me", "authentication", "temporaryAccessPassMethods"]
        : ["v1.0", "users", user, "authentication", "temporaryAccessPassMethods"];
}

/** Reads the user's TAP method (at most one). */
export async function fetchTemporaryAccessPassMethods(
    graph: ServiceClient,
    cloud: CloudEndpoints,
    user: string | undefined,
): Promise<TemporaryAccessPassMethodsResult> {
    assertTapAvailable(cloud);
    let body: TemporaryAccessPassMethodListWire;
    try {
        body = (
            await graph.request<TemporaryAccessPassMethodListWire>({
                method: "GET",
                path: tapPath(user),
                operation: "list TAP methods",
                schema: TemporaryAccessPassMethodListWire,
            })
        ).data;
    } catch (err) {
        throw explain(err, user);
    }
    const method = body.value[0];
    return {
        user: user ?? "me",
        userId: userIdFromContext(body["@odata.context"]),
        method: method ? toMethod(method) : null,
        temporaryAccessPass: method?.temporaryAccessPass ?? null,
    };
}

function toMethod(m: TemporaryAccessPassMethodWire): TemporaryAccessPassMethod {
    return {
        id: m.id,
        createdDateTime: m.createdDateTime ?? null,
        startDateTime: m.startDateTime ?? null,
        lifetimeInMinutes: m.lifetimeInMinutes ?? null,
        isUsableOnce: m.isUsableOnce ?? null,
        isUsable: m.isUsable ?? null,
        methodUsabilityReason: m.methodUsabilityReason ?? null,
        expiresDateTime: expiry(m.startDateTime ?? m.createdDateTime, m.lifetimeInMinutes),
    };
}

export function expiry(start: string | null | undefined, lifetimeInMinutes: number | null | undefined): string | null {
    if (!start || lifetimeInMinutes === null || lifetimeInMinutes === undefined) return null;
    const t = Date.parse(start);
    return Number.isNaN(t) ? null : new Date(t + lifetimeInMinutes * 60_000).toISOString();
}

function userIdFromContext(context: string | undefined): string | null {
    const m = context ? /users\('([^']+)'\)/.exec(context) : null;
    return m ? decodeURIComponent(m[1]!) : null;
}

/** Adds the next step a person needs for the errors this lookup meets. */
function explain(err: unknown, user: string | undefined): unknown {
    if (!isApiError(err)) return err;
    const who = user === undefined ? "the signed-in user (/me)" : `user "${user}"`;
    if (user === undefined && (err.status === 400 || err.status === 403) && /delegated/i.test(err.serviceMessage ?? "")) {
        return withContext(err, {
            nextStep:
                "/me needs a signed-in user, but this credential is an application: pass `user` (an object id or UPN), or sign in as a user (a delegated token in tenantkit:graphToken)",
        });
    }
    if (err.status === 403) {
        return withContext(err, {
            nextStep:
                `the credential may not read the TAP methods of ${who}: grant the application permission ${TAP_READ_PERMISSION} ` +
                `(least privileged; UserAuthenticationMethod.Read.All also works) with admin consent; a delegated token needs ` +
                `the same scope and, for another user, a role such as Global Reader or Authentication Administrator`,
        });
    }
    if (err.status === 404) {
        return withContext(err, {
            nextStep: `${who} was not found in the tenant: check the object id or user principal name (a guest's UPN looks like name_domain#EXT#@tenant.onmicrosoft.com)`,
        });
    }
    return err;
}
