/**
 * `pulumi-tenantkit/fleet`: the fleet for Automation API programs in TypeScript, what `tenantkit-fleet` runs: read a
 * fleet file (`loadFleet`, every problem before any stack runs), take a shard, run a command over its tenants.
 */
export { FleetFileError, formatProblem, loadFleet, parseShard, shard, shardOf } from "./fleetFile";
export type { Fleet, ResourceSpec, SecretRef, ShardSpec, TenantPlan } from "./fleetFile";
export { defaultParallel, FLEET_COMMANDS, runFleet } from "./run";
export type { ChangeCounts, Drift, FleetCommand, FleetResult, FleetRunOptions, TenantRow } from "./run";
