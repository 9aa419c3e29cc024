/**
 * National clouds: where each service lives and which token audience it wants.
 * Sources: Graph `concepts/deployments.md` and `national-clouds.md` (scope rule: the cloud's own Graph domain),
 * Entra `authentication-national-cloud.md`, Power BI `embed-sample-for-customers-national-clouds`
 * (collected in docs/api-facts.md, sections A and C).
 */

/** The national clouds tenantkit knows, as `tenantkit:cloud` takes them (in any letter case). */
export const CLOUD_NAMES = ["Global", "USGov", "USGovDoD", "China"] as const;
/** A national cloud: `Global`, `USGov` (L4, GCC High), `USGovDoD` (L5) or `China` (operated by 21Vianet). */
export type CloudName = (typeof CLOUD_NAMES)[number];

/** The Azure DevOps resource (application) id, the same in every cloud (ADO docs, `entra.md`). */
export const DEVOPS_AUDIENCE = "499b84ac-1321-427f-aa17-267ca6975798";

/** Where one national cloud's services and sign-in live, and the audiences its tokens are issued for. */
export interface CloudEndpoints {
    /** The cloud's name, as `tenantkit:cloud` takes it. */
    readonly name: CloudName;
    /** The cloud as messages name it ("US Government L4 (GCC High)"). */
    readonly description: string;
    /** Graph root without the API version. */
    readonly graph: string;
    /** Token authority host. */
    readonly authorityHost: string;
    /** Power BI REST root without `/v1.0/myorg`. */
    readonly powerBi: string;
    /** Power BI token audience (resource). */
    readonly powerBiAudience: string;
    /** Azure DevOps Services root. */
    readonly devops: string;
    /**
     * Whether the temporaryAccessPassMethods API exists in this cloud: the learn page's national-cloud table
     * marks China (21Vianet) unsupported and the Mooncake CSDL lacks the navigation property.
     */
    readonly temporaryAccessPass: boolean;
}

/** The endpoints of each national cloud, by name. */
export const CLOUDS: Readonly<Record<CloudName, CloudEndpoints>> = {
    Global: {
        name: "Global",
        description: "global Microsoft cloud",
        graph: "https://graph.microsoft.com",
        authorityHost: "https://login.microsoftonline.com",
        powerBi: "https://api.powerbi.com",
        powerBiAudience: "https://analysis.windows.net/powerbi/api",
        devops: "https://dev.azure.com",
        temporaryAccessPass: true,
    },
    USGov: {
        name: "USGov",
        description: "US Government L4 (GCC High)",
        graph: "https://graph.microsoft.us",
        authorityHost: "https://login.microsoftonline.us",
        powerBi: "https://api.high.powerbigov.us",
        powerBiAudience: "https://high.analysis.usgovcloudapi.net/powerbi/api",
        devops: "https://dev.azure.com",
        temporaryAccessPass: true,
    },
    USGovDoD: {
        name: "USGovDoD",
        description: "US Government L5 (DoD)",
        graph: "https://dod-graph.microsoft.us",
        authorityHost: "https://login.microsoftonline.us",
        powerBi: "https://api.mil.powerbigov.us",
        powerBiAudience: "https://mil.analysis.usgovcloudapi.net/powerbi/api",
        devops: "https://dev.azure.com",
        temporaryAccessPass: true,
    },
    China: {
        name: "China",
        description: "China (operated by 21Vianet)",
        graph: "https://microsoftgraph.chinacloudapi.cn",
        // The Graph doc names login.chinacloudapi.cn, the Entra doc login.partner.microsoftonline.cn; we follow the
        // Graph doc (and @azure/identity's AzureAuthorityHosts.AzureChina). Override with tenantkit:authorityHost.
        authorityHost: "https://login.chinacloudapi.cn",
        powerBi: "https://api.powerbi.cn",
        powerBiAudience: "https://analysis.chinacloudapi.cn/powerbi/api",
        devops: "https://dev.azure.com",
        temporaryAccessPass: false,
    },
};

/** Token scopes for the client-credentials flow: `<resource>/.default`. */
export function scopeFor(audience: string): string {
    return `${audience.replace(/\/+$/, "")}/.default`;
}
