/**
 * The entry point of `pulumi-resource-tenantkit`: the engine starts it with its own address as the last argument and
 * reads the first line of stdout as the port to dial. Nothing else may reach stdout, where the engine would show it
 * as the plugin's output: console.log and friends go to stderr.
 */
import { serve } from "./server";

/*
 * Required, not read from disk: the plugin's folder, once `pulumi plugin install --file` has copied it, holds only the
 * bundle (scripts/plugin.ts), which carries both files inside it.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { version } = require("../../package.json") as { version: string };
const schema = JSON.stringify(require("../../schema.json"));
/* eslint-enable @typescript-eslint/no-require-imports */

async function main(): Promise<void> {
    const engineAddress = process.argv
        .slice(2)
        .filter((a) => !a.startsWith("-"))
        .pop();
    const { port } = await serve({ version, schema }, engineAddress);
    process.stdout.write(`${port}\n`);
    for (const method of ["log", "info", "debug"] as const) console[method] = (...args: unknown[]) => console.error(...args);
}

main().catch((err: unknown) => {
    console.error(`pulumi-resource-tenantkit could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
});
