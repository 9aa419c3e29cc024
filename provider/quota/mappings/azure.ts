/**
 * Azure resource types (`@pulumi/azure-native`, and the classic `@pulumi/azure`) mapped to the table's
 * subscription rows: resource groups, resources per resource group, storage accounts and virtual machines.
 */
import { countOne, knownString } from "../mapping";
import type { QuotaMapping } from "../mapping";
import type { PlannedResource } from "../types";

const RESOURCE_GROUP_TYPES = ["azure-native:resources:ResourceGroup", "azure:core/resourceGroup:ResourceGroup"];
const STORAGE_ACCOUNT_TYPES = ["azure-native:storage:StorageAccount", "azure:storage/account:Account"];
const VIRTUAL_MACHINE_TYPES = [
    "azure-native:compute:VirtualMachine",
    "azure:compute/virtualMachine:VirtualMachine",
    "azure:compute/linuxVirtualMachine:LinuxVirtualMachine",
    "azure:compute/windowsVirtualMachine:WindowsVirtualMachine",
];

/** `<subscription> <region>`, or null while the location is unknown. Regions compare without spaces or case. */
function regionKey(subscription: string, r: PlannedResource): string | null {
    const location = knownString(r.inputs.location);
    return location ? `${subscription} ${location.replace(/\s+/g, "").toLowerCase()}` : null;
}

/** The default Azure mappings. */
export const azureMappings: readonly QuotaMapping[] = [
    ...RESOURCE_GROUP_TYPES.map((type): QuotaMapping => ({
        type,
        inputs: [],
        uses: (r, s) => [countOne("resource-groups/maximum/subscription", s.subscription(r))],
    })),
    ...STORAGE_ACCOUNT_TYPES.map((type): QuotaMapping => ({
        type,
        inputs: ["location"],
        uses: (r, s) => [countOne("storage/storage-accounts/per-region-per-subscription", regionKey(s.subscription(r), r))],
    })),
    ...VIRTUAL_MACHINE_TYPES.map((type): QuotaMapping => ({
        type,
        inputs: ["location"],
        uses: (r, s) => [countOne("virtual-machines/maximum/per-subscription-per-region", regionKey(s.subscription(r), r))],
    })),
    {
        // Every resource placed in a resource group counts there (the spec notes some types are exempt; counting
        // them too errs on the safe side).
        type: /^azure(-native)?:/,
        inputs: ["resourceGroupName"],
        uses: (r, s) => {
            if ("resourceGroupName" in r.inputs === false || RESOURCE_GROUP_TYPES.includes(r.type)) return [];
            const rg = knownString(r.inputs.resourceGroupName);
            return [
                countOne(
                    "resource-groups/resources-of-any-type-per-resource-group/subscription",
                    rg ? `${s.subscription(r)} ${rg.toLowerCase()}` : null,
                ),
            ];
        },
    },
];
