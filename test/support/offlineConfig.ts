/**
 * Stack config under which a handler's `check`, which proves the sign-in of a preview (core/host/handler.ts), needs no
 * server: static tokens and a PAT sign in without a request, and every endpoint points at a loopback port nothing
 * listens on, so a request a test did not expect fails loudly instead of leaving the machine.
 */
import type * as pulumi from "@pulumi/pulumi";

export const OFFLINE_CONFIG: Readonly<Record<string, string>> = {
    "tenantkit:emulator": "http://127.0.0.1:1",
    "tenantkit:graphToken": "offline-graph-token",
    "tenantkit:powerBiToken": "offline-powerbi-token",
    "tenantkit:devopsPat": "offline-devops-pat",
};

/** Configures `handler` with {@link OFFLINE_CONFIG} and `extra` over it. */
export async function configureOffline(handler: pulumi.dynamic.ResourceProvider, extra: Record<string, string> = {}): Promise<void> {
    const config: Record<string, string> = { ...OFFLINE_CONFIG, ...extra };
    await handler.configure!({ config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
}
