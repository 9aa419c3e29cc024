/**
 * `pulumi-tenantkit/fleet`: the fleet for Automation API programs in TypeScript, what `tenantkit-fleet` runs: read a
 * fleet file (`loadFleet`, every problem before any stack runs), take a shard, run a command over its tenants, or make
 * the fleet's report (`fleetReport`: a static HTML page of each tenant's status, drift and sign-in page before and after).
 */
export { FleetFileError, formatProblem, loadFleet, parseShard, shard, shardOf } from "./fleetFile";
export type { Fleet, ResourceSpec, SecretRef, ShardSpec, TenantPlan } from "./fleetFile";
export { fleetReport, FleetReportError } from "./report";
export type { FleetReportOptions, FleetReportResult } from "./report";
export { defaultParallel, FLEET_COMMANDS, runFleet } from "./run";
export type { ChangeCounts, Drift, FleetCommand, FleetResult, FleetRunOptions, TenantRow } from "./run";
