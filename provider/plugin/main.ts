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

/** How often the plugin looks whether the engine that started it is still its parent. */
const PARENT_POLL_MS = 500;
/** How long operations get, once cancelled, to end before the process exits. */
const CANCEL_GRACE_MS = 500;

/**
 * Calls `gone` once the process that started this one has ended. The engine starts the plugin itself (the launcher
 * `exec`s node), so its parent is the engine; when the engine dies (SIGKILL of `pulumi up`, an OOM kill) the plugin is
 * re-parented (to init or a subreaper), which `process.ppid` shows. Without this, the plugin ran on for minutes and
 * finished the requests it had started, for nobody (issue 49, defect 10).
 */
function watchParent(gone: (parent: number) => void): void {
    const parent = process.ppid;
    const timer = setInterval(() => {
        if (process.ppid === parent) return;
        clearInterval(timer);
        gone(parent);
    }, PARENT_POLL_MS);
    timer.unref();
}

async function main(): Promise<void> {
    const engineAddress = process.argv
        .slice(2)
        .filter((a) => !a.startsWith("-"))
        .pop();
    const { port, cancel } = await serve({ version, schema }, engineAddress);
    process.stdout.write(`${port}\n`);
    for (const method of ["log", "info", "debug"] as const) console[method] = (...args: unknown[]) => console.error(...args);
    // Started by hand for PULUMI_DEBUG_PROVIDERS, the plugin has no engine address on its command line (the engine
    // attaches later) and its parent is a shell: it serves run after run, and nothing is watched.
    if (engineAddress === undefined) return;
    watchParent((parent) => {
        // Ends the requests in flight and every wait as the engine's Cancel does, so nothing is sent again for nobody.
        cancel();
        process.stderr.on("error", () => undefined);
        process.stderr.write(
            `pulumi-resource-tenantkit: the engine that started it (process ${parent}) is gone, so its operations were cancelled and it exits; ` +
                `a write in flight may have reached the service: run \`pulumi cancel\` if the stack is still locked, then \`pulumi refresh\` and \`pulumi up\`\n`,
        );
        setTimeout(() => process.exit(1), CANCEL_GRACE_MS);
    });
}

/**
 * `pulumi-resource-tenantkit emulator [...]` serves the emulator (emulator/cli.ts, its own flags): the release asset is
 * then all a machine needs, beside the Pulumi CLI, to run the README's first program, with no Node.js for
 * `tenantkit-emulator`. The engine never starts a plugin with that word first (it passes flags and its address).
 */
if (process.argv[2] === "emulator") {
    // Required from the compiled tree (bin/plugin/main.js beside bin/emulator/), which the bundle then carries:
    // emulator/ is compiled by its own tsconfig, outside this one's rootDir. A chunk of the bundle of its own
    // (require.ensure, server.ts `loadOperations`), which the plugin's start does not read or compile.
    type Emulator = { runEmulatorCommand(argv: readonly string[], name: string): void };
    type EnsuringRequire = NodeJS.Require & { ensure?(dependencies: string[], callback: () => void, onError: (err: unknown) => void, chunkName: string): void };
    const run = (m: Emulator) => m.runEmulatorCommand(process.argv.slice(3), "pulumi-resource-tenantkit emulator");
    /* eslint-disable @typescript-eslint/no-require-imports -- webpack splits at a literal require.ensure and require */
    if (typeof (require as EnsuringRequire).ensure === "function") {
        (require as EnsuringRequire).ensure!(
            [],
            () => run(require("../emulator/cli") as Emulator),
            (err) => {
                console.error(`pulumi-resource-tenantkit could not load its emulator: ${err instanceof Error ? err.message : String(err)}`);
                process.exit(1);
            },
            "emulator",
        );
    } else run(require("../emulator/cli") as Emulator);
    /* eslint-enable @typescript-eslint/no-require-imports */
} else {
    main().catch((err: unknown) => {
        console.error(`pulumi-resource-tenantkit could not start: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
    });
}
