/**
 * The public shape of a connection: the tenant, cloud and credentials a resource or function talks to. Without one
 * they come from the stack's `tenantkit:*` config and the environment; with one, from it alone, so one program can
 * manage a second tenant or cloud. Its keys are the settings' keys (core/settings/connection.ts checks that at compile time).
 */
import type { InputShape } from "../model/shapes";

/**
 * A tenant and the credentials to reach it, as plain values (`getX` functions take this form; resources and
 * `getXOutput` functions take {@link ConnectionArgs}). Pass it as `connection` to a resource or a get function. It is kept in
 * the resource's state (encrypted there: tenantkit makes it a secret), because `pulumi refresh` and `pulumi destroy`
 * sign in with it later; changing only its credentials updates that state without touching the tenant, changing
 * the tenant, cloud or endpoints replaces the resource.
 */
export interface Connection {
    /** `Global` (default), `USGov`, `USGovDoD` or `China`: the national cloud's endpoints. */
    readonly cloud?: string;
    /** The tenant id (a guid) or a verified domain. */
    readonly tenantId?: string;
    /** The application (client) id of an app registration, for the client-credentials sign-in. */
    readonly clientId?: string;
    /** That app's client secret. Pass it as a secret (`config.requireSecret`). */
    readonly clientSecret?: string;
    /** An access token for Microsoft Graph, instead of a client secret. */
    readonly graphToken?: string;
    /** An access token for the Power BI REST API, instead of a client secret. */
    readonly powerBiToken?: string;
    /** An access token for Azure DevOps (Microsoft Entra), instead of a PAT. */
    readonly devopsToken?: string;
    /** An Azure DevOps personal access token. */
    readonly devopsPat?: string;
    /** The Microsoft Graph base URL, without the API version. */
    readonly graphEndpoint?: string;
    /** The Power BI REST base URL, without `/v1.0`. */
    readonly powerBiEndpoint?: string;
    /** The Azure DevOps base URL. */
    readonly devopsEndpoint?: string;
    /** The Microsoft Entra authority host for sign-in. */
    readonly authorityHost?: string;
    /** The bundled emulator's base URL (`http://127.0.0.1:8787`): every endpoint and the sign-in on it. */
    readonly emulator?: string;
    /** How long one attempt of a request may wait, in seconds (default 30). */
    readonly requestTimeoutSeconds?: number;
}

/** A {@link Connection} whose values may be outputs (a secret from config, an id from another resource). */
export interface ConnectionArgs extends InputShape<Connection> {}
