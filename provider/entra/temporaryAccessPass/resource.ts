/**
 * Program side of the TAP lookup as a read-only resource. Its state is refreshed by `pulumi refresh`.
 */
import type * as pulumi from "@pulumi/pulumi";
import { TenantkitResource } from "../../core/program/dynamic";
import type { OutputShape } from "../../core/model/shapes";
import { handlerModule } from "../../core/model/definition";
import { handlerStub } from "../../core/program/stub";
import { temporaryAccessPassMethods } from "./definition";
import type { TemporaryAccessPassMethodsArgs, TemporaryAccessPassMethodsResult } from "./types";

// A lookup is never updated in place (a new `user` replaces it) and deleting it only forgets it.
/** The serialized provider stub of this resource: it requires the handler named here, by package name, when the engine runs it (core/program/stub.ts). */
export const stub = handlerStub(handlerModule(temporaryAccessPassMethods));

/** The outputs: the lookup's result (`temporaryAccessPass` stored as a secret). */
export interface TemporaryAccessPassMethods extends OutputShape<TemporaryAccessPassMethodsResult> {}

/**
 * The temporary access pass method of a user, read from Microsoft Graph
 * (`GET /v1.0/users/{id | upn}/authentication/temporaryAccessPassMethods`, or `/me`).
 * Read-only: creating it reads, `pulumi refresh` re-reads, changing `user` replaces it, deleting it only forgets it.
 */
export class TemporaryAccessPassMethods extends TenantkitResource {
    constructor(name: string, args: TemporaryAccessPassMethodsArgs = {}, opts?: pulumi.CustomResourceOptions) {
        super(temporaryAccessPassMethods, name, args, opts, stub);
    }
}
