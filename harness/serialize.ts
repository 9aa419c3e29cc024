/**
 * The exact `__provider` string that `pulumi.dynamic.Resource` stores in state for a provider object.
 *
 * The SDK (`@pulumi/pulumi/dynamic/index.js`, `serializeFunctionMaybeSecret`) calls
 * `serializeFunction(() => provider, { allowSecrets: true })` and keeps `text`; this calls the same function
 * with the same options, so tests can assert size and content of what real state would hold.
 */
import * as pulumi from "@pulumi/pulumi";

/** The serialized provider and whether the SDK would mark `__provider` secret because a secret was captured. */
export interface SerializedProvider {
    text: string;
    containsSecrets: boolean;
}

/** What `dynamic.Resource` stores as `__provider` for this provider. */
export async function serializeProvider(provider: pulumi.dynamic.ResourceProvider): Promise<string> {
    return (await serializeProviderDetails(provider)).text;
}

/** {@link serializeProvider}, with the SDK's `containsSecrets` flag (pulumi/pulumi#8265, fixed in #13329). */
export async function serializeProviderDetails(provider: pulumi.dynamic.ResourceProvider): Promise<SerializedProvider> {
    const serialized = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
    return { text: serialized.text, containsSecrets: serialized.containsSecrets };
}
