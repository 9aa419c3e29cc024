/**
 * The check of the stack's `tenantkit:*` config that every resource, get function and `enforceQuotas` makes in the
 * program, before anything registers or is sent (core/settings/stackConfig.ts says what it refuses and why).
 */
import * as pulumi from "@pulumi/pulumi";
import { stackConfigProblems, StackConfigError } from "../settings/stackConfig";
import { ProgramRunError } from "./runError";

/**
 * Whether the stack stores a config key as a secret. The SDK knows (`PULUMI_CONFIG_SECRET_KEYS`, or the Automation
 * API's own list) but exports the function only internally; an SDK without it makes every key count as a secret, so
 * the check never refuses a config it cannot judge.
 */
function configIsSecret(): (key: string) => boolean {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const internal = require("@pulumi/pulumi/runtime/config") as { isConfigSecret?: unknown };
    const isConfigSecret = internal.isConfigSecret;
    return typeof isConfigSecret === "function" ? (key) => isConfigSecret(key) === true : () => true;
}

/**
 * Stops the program, before anything registers, when its `tenantkit:*` stack config has a key tenantkit does not
 * know or a credential in plain text: a `RunError`, which the CLI prints without a stack trace.
 */
export function checkProgramConfig(): void {
    const problems = stackConfigProblems(pulumi.runtime.allConfig(), configIsSecret());
    if (problems.length === 0) return;
    throw new ProgramRunError("Error", new StackConfigError(problems).message);
}
