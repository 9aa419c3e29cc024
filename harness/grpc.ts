/**
 * The gRPC pieces of the provider host protocol, loaded from @pulumi/pulumi's own dependency tree.
 *
 * Why `createRequire`: the generated stubs in `@pulumi/pulumi/proto` and the host itself use the grpc-js and
 * google-protobuf copies that @pulumi/pulumi resolves; a `Struct` built by another copy would not be recognised
 * by the generated setters. Message types come from the stubs' own `.d.ts`; grpc-js is typed by the small
 * interfaces below (only what the harness calls).
 */
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import type * as resourceproto from "@pulumi/pulumi/proto/resource_pb";
import type * as statusproto from "@pulumi/pulumi/proto/status_pb";
import type * as structproto from "google-protobuf/google/protobuf/struct_pb";
import type * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import { PropertyMap, toPropertyMap } from "./wire";

/** grpc-js metadata, as far as the harness reads it. */
export interface GrpcMetadata {
    get(key: string): Array<string | Buffer>;
}

/** The error grpc-js hands to a unary callback. */
export interface GrpcServiceError extends Error {
    code: number;
    details: string;
    metadata?: GrpcMetadata;
}

type Callback<R> = (err: GrpcServiceError | null, resp: R) => void;

/** The `pulumirpc.ResourceProvider` client methods the engine uses on a dynamic provider. */
export interface ProviderClient {
    handshake(req: provproto.ProviderHandshakeRequest, cb: Callback<provproto.ProviderHandshakeResponse>): void;
    getPluginInfo(req: emptyproto.Empty, cb: Callback<plugproto.PluginInfo>): void;
    configure(req: provproto.ConfigureRequest, cb: Callback<provproto.ConfigureResponse>): void;
    check(req: provproto.CheckRequest, cb: Callback<provproto.CheckResponse>): void;
    diff(req: provproto.DiffRequest, cb: Callback<provproto.DiffResponse>): void;
    create(req: provproto.CreateRequest, cb: Callback<provproto.CreateResponse>): void;
    read(req: provproto.ReadRequest, cb: Callback<provproto.ReadResponse>): void;
    update(req: provproto.UpdateRequest, cb: Callback<provproto.UpdateResponse>): void;
    delete(req: provproto.DeleteRequest, cb: Callback<emptyproto.Empty>): void;
    cancel(req: emptyproto.Empty, cb: Callback<emptyproto.Empty>): void;
    waitForReady(deadline: number, cb: (err?: Error) => void): void;
    close(): void;
}

/** A method name of {@link ProviderClient} that is a unary call. */
export type ProviderMethod = Exclude<keyof ProviderClient, "waitForReady" | "close">;

interface GrpcModule {
    credentials: { createInsecure(): unknown };
    /** The `status` enum: numeric values plus the reverse mapping to names. */
    status: Record<string, number | string>;
}

interface ProviderGrpcModule {
    ResourceProviderClient: new (address: string, creds: unknown, options: Record<string, number>) => ProviderClient;
}

const sdkPackageJson = require.resolve("@pulumi/pulumi/package.json");
const sdkRequire = createRequire(sdkPackageJson);

/** The @pulumi/pulumi installation whose host the harness drives. */
export const SDK_DIR = path.dirname(sdkPackageJson);
/** What the engine's `pulumi-resource-pulumi-nodejs` plugin script runs (pulumi/pulumi#2274). */
export const HOST_SCRIPT = path.join(SDK_DIR, "cmd", "dynamic-provider", "index.js");

const grpc = sdkRequire("@grpc/grpc-js") as GrpcModule;
const providerGrpc = sdkRequire("./proto/provider_grpc_pb.js") as ProviderGrpcModule;
/** Generated message classes of `pulumi/provider.proto`. */
export const provider = sdkRequire("./proto/provider_pb.js") as typeof provproto;
/** Generated message classes of `pulumi/resource.proto` (the resource monitor the SDK talks to). */
export const resource = sdkRequire("./proto/resource_pb.js") as typeof resourceproto;
/** `google.rpc.Status`, the payload of `grpc-status-details-bin`. */
export const status = sdkRequire("./proto/status_pb.js") as typeof statusproto;
/** `google.protobuf.Empty`. */
export const empty = sdkRequire("google-protobuf/google/protobuf/empty_pb.js") as typeof emptyproto;
const struct = sdkRequire("google-protobuf/google/protobuf/struct_pb.js") as typeof structproto;

/** gRPC status code numbers used by the harness. */
export const GrpcCode = { UNKNOWN: 2, UNIMPLEMENTED: 12, UNAVAILABLE: 14 } as const;

/** The name of a gRPC status code (`UNKNOWN`, `UNIMPLEMENTED`, ...). */
export function grpcCodeName(code: number): string {
    const name = grpc.status[String(code)];
    return typeof name === "string" ? name : `CODE_${code}`;
}

/** Dials a provider host on loopback with the engine's message size limits. */
export function dialProvider(port: number): ProviderClient {
    // 400 MiB: the limit the engine sets for plugin connections (rpcutil.MaxRPCMessageSize).
    const limit = 400 * 1024 * 1024;
    return new providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
        "grpc.max_receive_message_length": limit,
        "grpc.max_send_message_length": limit,
    });
}

/** Encodes a property bag as a `google.protobuf.Struct`. */
export function toStruct(m: PropertyMap): structproto.Struct {
    return struct.Struct.fromJavaScript(m);
}

/** Decodes a `google.protobuf.Struct` (absent means `{}`). */
export function fromStruct(s: structproto.Struct | undefined): PropertyMap {
    return toPropertyMap(s?.toJavaScript());
}

/** Decodes an optional Struct, keeping "absent" distinct from "empty". */
export function fromOptionalStruct(s: structproto.Struct | undefined): PropertyMap | undefined {
    return s === undefined ? undefined : fromStruct(s);
}
