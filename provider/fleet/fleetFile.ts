// Placeholder of the fleet file's types until the loader lands (replaced by the helper's fleetFile.ts at merge).
export type SecretRef = { readonly env: string } | { readonly config: string };
export interface ResourceSpec {
    readonly type: string;
    readonly properties: Record<string, unknown>;
    readonly options?: Record<string, unknown>;
}
export interface TenantPlan {
    readonly name: string;
    readonly tenant: string;
    readonly settings: Record<string, string>;
    readonly secrets: Record<string, SecretRef>;
    readonly resources: Record<string, ResourceSpec>;
}
export interface Fleet {
    readonly file: string;
    readonly project: string;
    readonly tenants: readonly TenantPlan[];
}
