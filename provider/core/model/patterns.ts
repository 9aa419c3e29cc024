/**
 * Values every part of the provider checks the same way, defined once: the services it talks to, a guid, a loopback
 * host, the engine's unknown-value marker, a byte body.
 */

/** The three APIs tenantkit calls, each with its own token audience, client, limiter and error shape. */
export type ApiService = "graph" | "powerbi" | "devops";

/** An API, or the token endpoint (`login`), as errors name where they came from. */
export type ServiceName = ApiService | "login";

/** The Pulumi module of every tenantkit type: `pulumi-nodejs:dynamic/tenantkit:<Type>`. */
export const TYPE_MODULE = "tenantkit";

/** A resource's type token as the engine shows it (`pulumi-nodejs:dynamic/tenantkit:PushDataset`): errors name it so. */
export function typeToken(type: string): string {
    return `pulumi-nodejs:dynamic/${TYPE_MODULE}:${type}`;
}

/** A guid (tenant, application, object, workspace or dataset id), any letter case. */
export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A loopback host name: the only hosts plain http and the emulator's own CA are accepted for. */
export const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The engine's placeholder for a value not known during preview (pulumi `runtime/rpc` unknownValue). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** A body of bytes rather than JSON text or an object. */
export function isBytes(body: unknown): body is Uint8Array | ArrayBuffer {
    return body instanceof Uint8Array || body instanceof ArrayBuffer;
}
