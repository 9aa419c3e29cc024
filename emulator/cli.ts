#!/usr/bin/env node
/**
 * `tenantkit-emulator [--port N] [--host H] [--seed FILE.json] [--tenants N] [--state FILE.json]`
 *
 * Prints `listening on http://127.0.0.1:PORT` as its first stdout line (scripts and tests read the port
 * from it), then serves until SIGINT or SIGTERM. Without `--seed` and without an existing state file it
 * loads the default seed.
 */
import * as fs from "node:fs";
import { FLEET_MAX, fleetTenant } from "./seeds/fleet";
import { validateSeed } from "./store/seed";
import { startEmulator, type EmulatorOptions } from "./server";

const usage = (name: string) => `usage: ${name} [--port N] [--host H] [--seed FILE.json] [--tenants N] [--state FILE.json]
  serves the token endpoint, Microsoft Graph, Power BI and Azure DevOps on one port until SIGINT or SIGTERM;
  the first line printed is \`listening on http://HOST:PORT\`
  --port N           port to listen on (default 0: a free one)
  --host H           address to listen on (default 127.0.0.1)
  --seed FILE.json   tenants, applications and users to start from (default: the built-in seed, whose
                     tenant contoso.onmicrosoft.com holds the quickstart application)
  --tenants N        also generate N tenants (0..${FLEET_MAX}) after the seed's: tenant-0001.onmicrosoft.com and
                     on, each with its own application, Power BI workspace and branding (their ids and
                     secrets: emulator/README.md, "A fleet of generated tenants")
  --state FILE.json  keep the state in this file; loaded when it exists, so processes share one tenant
                     (--seed and --tenants then shape only a new file)
  -h, --help         print this help
point a stack at it with: pulumi config set tenantkit:emulator http://HOST:PORT
exit status: 0 stopped by a signal or --help, 1 failed to stop, 2 bad arguments or seed`;

/** A command line the command does not understand: reported with the usage. */
class UsageError extends Error {}

/** What the command line asks for: the help, or an emulator with these options. */
export type Command = { readonly help: true } | { readonly help: false; readonly options: EmulatorOptions };

/**
 * Parses the command line. A help request anywhere wins, as in most CLIs, so `--seed x.json --help` explains
 * itself instead of starting.
 */
export function parseCommand(argv: readonly string[]): Command {
    if (argv.some((a) => a === "--help" || a === "-h")) return { help: true };
    return { help: false, options: parseArgs(argv) };
}

/** Parses the command line into emulator options; throws with a message naming the bad argument. */
export function parseArgs(argv: readonly string[]): EmulatorOptions {
    const options: EmulatorOptions = {};
    for (let i = 0; i < argv.length; i++) {
        const flag = argv[i];
        const value = argv[i + 1];
        const needValue = (): string => {
            if (value === undefined || value.startsWith("--")) throw new UsageError(`${flag} needs a value`);
            i++;
            return value;
        };
        switch (flag) {
            case "--port": {
                const port = Number(needValue());
                if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0..65535, got ${value}`);
                options.port = port;
                break;
            }
            case "--host":
                options.host = needValue();
                break;
            case "--seed":
                options.seed = readSeed(needValue());
                break;
            case "--tenants": {
                // Digits only: Number() would take "", "1e3" and "0x10", which nobody means as a count of tenants.
                const raw = needValue();
                const count = /^\d+$/.test(raw) ? Number(raw) : NaN;
                if (!(count <= FLEET_MAX)) throw new UsageError(`--tenants must be a whole number from 0 to ${FLEET_MAX}, got ${raw}`);
                options.tenants = count;
                break;
            }
            case "--state":
                options.statePath = needValue();
                break;
            default:
                throw new UsageError(`unknown argument ${flag}`);
        }
    }
    return options;
}

function readSeed(file: string): EmulatorOptions["seed"] {
    let parsed: unknown;
    try {
        parsed = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    } catch (err) {
        throw new Error(`cannot read seed ${file}: ${(err as Error).message}`, { cause: err });
    }
    return validateSeed(parsed, `seed ${file}`);
}

/**
 * Runs the command with `argv` (its arguments, without the program): the emulator serves until SIGINT or SIGTERM.
 * `name` is what the user typed to run it, for the help and the errors: `tenantkit-emulator`, or the plugin's
 * executable, whose `emulator` subcommand runs this so that a machine with only the release asset has the emulator.
 */
export function runEmulatorCommand(argv: readonly string[], name = "tenantkit-emulator"): void {
    start(argv, name).catch((err: unknown) => {
        const message = err instanceof UsageError ? `${err.message}\n${usage(name)}` : (err as Error).message;
        process.stderr.write(`${name}: ${message}\n`);
        process.exit(2);
    });
}

async function start(argv: readonly string[], name: string): Promise<void> {
    const command = parseCommand(argv);
    if (command.help) {
        process.stdout.write(`${usage(name)}\n`);
        return;
    }
    const { tenants = 0, statePath } = command.options;
    // An existing state file is loaded as it is, so only a new one holds the tenants this start generates.
    const generates = tenants > 0 && (statePath === undefined || !fs.existsSync(statePath));
    const emulator = await startEmulator(command.options);
    process.stdout.write(`listening on ${emulator.url}\n`);
    process.stdout.write(`https on ${emulator.httpsUrl} (CA: GET ${emulator.url}/_admin/ca.pem)\n`);
    if (generates) {
        const [first, last] = [fleetTenant(1), fleetTenant(tenants)];
        const range = tenants === 1 ? first.domain : `${first.domain} to ${last.domain}`;
        process.stdout.write(`${tenants} generated tenants: ${range} (ids and secrets: fleetTenant(i) of pulumi-tenantkit/emulator)\n`);
    }
    let closing = false;
    const stop = (): void => {
        if (closing) return;
        closing = true;
        emulator.close().then(
            () => process.exit(0),
            () => process.exit(1),
        );
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
}

if (require.main === module) runEmulatorCommand(process.argv.slice(2));
