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

/**
 * The parts of a resource's URN (`urn:pulumi:<stack>::<project>::<parent types$>type::<name>`): its qualified type (with
 * its parents' types, `$`-joined), its own type token, and its name (which may itself hold `::`).
 */
export function urnParts(urn: string): { qualifiedType: string; type: string; name: string } {
    const parts = urn.split("::");
    const qualifiedType = parts[2] ?? "";
    return { qualifiedType, type: qualifiedType.slice(qualifiedType.lastIndexOf("$") + 1), name: parts.slice(3).join("::") };
}

/** A guid (tenant, application, object, workspace or dataset id), any letter case. */
export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A loopback host name: the only hosts plain http and the emulator's own CA are accepted for. */
export const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The engine's placeholder for a value not known during preview (pulumi `runtime/rpc` unknownValue). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * The key that marks one of the engine's special objects, as the wire and the state hold them; below, the signatures of
 * the kinds tenantkit reads (pulumi `runtime/rpc`: specialSigKey, specialSecretSig, specialAssetSig,
 * specialArchiveSig). Written here rather than imported: that module loads the SDK's whole program runtime (output,
 * resource, settings, state), which would grow the provider plugin's bundle by 0.79 MB and its start, and which the
 * plugin must not load. test/core/definitions.spec.ts holds each to the SDK's own.
 */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret: `{ [SIG_KEY]: SECRET_SIG, value }` (`specialSecretSig`). */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The signature of an asset: a file, text or remote asset on the wire (`specialAssetSig`). */
export const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";
/** The signature of an archive on the wire (`specialArchiveSig`). */
export const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";

/** A body of bytes rather than JSON text or an object. */
export function isBytes(body: unknown): body is Uint8Array | ArrayBuffer {
    return body instanceof Uint8Array || body instanceof ArrayBuffer;
}
