/**
 * Program side of the TAP lookup as a read-only resource. Its state is refreshed by `pulumi refresh`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { handlerStub, TenantkitResource } from "../../core/dynamic";
import type { TemporaryAccessPassMethod } from "./schema";

export interface TemporaryAccessPassMethodsArgs {
    /** The user's object id or user principal name; omitted means the signed-in user (`/me`, delegated tokens only). */
    readonly user?: pulumi.Input<string>;
}

// A lookup is never updated in place (a new `user` replaces it) and deleting it only forgets it.
export const stub = handlerStub("pulumi-tenantkit/bin/entra/temporaryAccessPass/handler");

/**
 * The temporary access pass method of a user, read from Microsoft Graph
 * (`GET /v1.0/users/{id | upn}/authentication/temporaryAccessPassMethods`, or `/me`).
 * Read-only: creating it reads, `pulumi refresh` re-reads, changing `user` replaces it, deleting it only forgets it.
 */
export class TemporaryAccessPassMethods extends TenantkitResource {
    /** The user as given, or `me`. */
    declare readonly user: pulumi.Output<string>;
    /** The user's object id, when Graph names it. */
    declare readonly userId: pulumi.Output<string | null>;
    /** The user's method, or null when the user has none (a user has at most one). */
    declare readonly method: pulumi.Output<TemporaryAccessPassMethod | null>;
    /** The pass itself: Graph returns it only at creation, so this is null; stored as a secret regardless. */
    declare readonly temporaryAccessPass: pulumi.Output<string | null>;

    constructor(name: string, args: TemporaryAccessPassMethodsArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super(
            stub,
            "TemporaryAccessPassMethods",
            name,
            { user: args.user, userId: undefined, method: undefined, temporaryAccessPass: undefined },
            opts,
            { secretOutputs: ["temporaryAccessPass"] },
        );
    }
}
