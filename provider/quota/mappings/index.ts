/** The built-in mappings from resource types to rows of the limits table. */
import type { QuotaMapping } from "../mapping";
import { azureMappings } from "./azure";
import { databricksMappings } from "./databricks";

export { azureMappings, databricksMappings };

/** `@pulumi/databricks` and Azure mappings, used by `enforceQuotas` and `tenantkit-quota` unless turned off. */
export const defaultMappings: readonly QuotaMapping[] = [...databricksMappings, ...azureMappings];
