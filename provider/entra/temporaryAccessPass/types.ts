/**
 * The public shape of the temporary access pass lookup (Graph v1.0 `temporaryAccessPassAuthenticationMethod`, spec
 * area A): the one place its arguments and result are declared; schema.ts is checked against them at compile time.
 * Plain interfaces only (core/model/shapes.ts says why).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Connection, ConnectionArgs } from "../../core/settings/connectionTypes";
import type { InputShape } from "../../core/model/shapes";

/** Why a pass can or cannot be used, as Graph documents it; a value Graph adds later comes through as it is. */
export type MethodUsabilityReason = "EnabledByPolicy" | "DisabledByPolicy" | "Expired" | "NotYetValid" | "OneTimeUsed";

/** Whose pass to read. */
export interface TemporaryAccessPassLookup {
    /** The user's object id (a guid) or user principal name; omitted means the signed-in user (`/me`, delegated tokens only). */
    readonly user?: string;
}

/** A user's temporary access pass method, without the pass itself. */
export interface TemporaryAccessPassMethod {
    /** The method's id. */
    readonly id: string;
    /** ISO 8601 UTC, or null when Graph sent none. */
    readonly createdDateTime: string | null;
    /** When the pass becomes usable, ISO 8601 UTC. */
    readonly startDateTime: string | null;
    /** How long it is usable, 10 to 43200 minutes. */
    readonly lifetimeInMinutes: number | null;
    /** Usable for one sign-in only. */
    readonly isUsableOnce: boolean | null;
    /** Usable now, by policy and time. */
    readonly isUsable: boolean | null;
    /** Why the pass is usable or not, such as `NotYetValid` (with `isUsable` false) before `startDateTime`; null when Graph sent none. */
    readonly methodUsabilityReason: MethodUsabilityReason | (string & {}) | null;
    /** `startDateTime` (or `createdDateTime` when no start was set) plus `lifetimeInMinutes`, ISO 8601 UTC; computed by tenantkit. */
    readonly expiresDateTime: string | null;
}

/** What the lookup returns, in both forms (function result and resource outputs). */
export interface TemporaryAccessPassMethodsResult {
    /** The user as given, or `me`. */
    readonly user: string;
    /** The user's object id, when Graph's `@odata.context` names it. */
    readonly userId: string | null;
    /** The user's method, or null when the user has none (a user has at most one). */
    readonly method: TemporaryAccessPassMethod | null;
    /** The pass itself: Graph returns it only when it is created, so a lookup sees null. Always a secret. */
    readonly temporaryAccessPass: string | null;
}

/** Arguments of `entra.TemporaryAccessPassMethods`. */
export interface TemporaryAccessPassMethodsArgs extends InputShape<TemporaryAccessPassLookup> {
    /** The tenant and credentials to use instead of the stack's `tenantkit:*` config. */
    readonly connection?: pulumi.Input<ConnectionArgs>;
}

/** Arguments of `getTemporaryAccessPassMethods`. */
export interface GetTemporaryAccessPassMethodsArgs extends TemporaryAccessPassLookup {
    /** The tenant and credentials to use instead of the stack's `tenantkit:*` config. */
    readonly connection?: Connection;
}

/** Arguments of `getTemporaryAccessPassMethodsOutput`: those of the plain form, each possibly an output. */
export interface GetTemporaryAccessPassMethodsOutputArgs extends InputShape<TemporaryAccessPassLookup> {
    /** The tenant and credentials to use instead of the stack's `tenantkit:*` config. */
    readonly connection?: pulumi.Input<ConnectionArgs>;
}
