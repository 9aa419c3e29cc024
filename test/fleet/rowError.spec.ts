/**
 * A tenant's row error: what the runner keeps of an Automation API error, whose message is the failed command's
 * result as the SDK prints it (`code`, `stdout`, `stderr`, `err?`), the command's whole output in it twice.
 */
import { strict as assert } from "node:assert";
import { errorText } from "../../provider/fleet/errorText";

/** An error as the SDK's CommandError words it (automation/cmd.ts, CommandResult.toString). */
const commandError = (stdout: string, stderr: string) => new Error(`code: 255\n stdout: ${stdout}\n stderr: ${stderr}\n err?: Error: ${stderr}\n`);

const UP_OUTPUT = [
    "Updating (fabrikam):",
    "",
    " +  pulumi:pulumi:Stack fleet-test-fabrikam creating (0s) ",
    "    tenantkit:entra:OrganizationalBranding branding  error: login failed: 401 invalid_client",
    "    tenantkit:entra:OrganizationalBranding branding **failed** 1 error",
    "Diagnostics:",
    "  tenantkit:entra:OrganizationalBranding (branding):",
    "    error: login failed: 401 invalid_client. Next: set the secret",
    "",
    "Resources:",
    "    + 2 created",
    "    1 errored",
    "",
    "Duration: 3s",
    "",
].join("\n");

describe("fleet: a tenant's row error", () => {
    it("is the engine's Diagnostics of a failed command, once, without the progress, the summary or the command line", () => {
        const text = errorText(commandError("", `Command failed with exit code 1: /bin/pulumi up --yes --stack fabrikam\n${UP_OUTPUT}`));
        assert.equal(text, "tenantkit:entra:OrganizationalBranding (branding):\n  error: login failed: 401 invalid_client. Next: set the secret");
    });

    it("is what the command wrote, without the command line, when the engine printed no Diagnostics", () => {
        const text = errorText(
            commandError(
                "",
                "Command failed with exit code 255: /bin/pulumi stack init fabrikam\nerror: could not create stack: permission denied\n",
            ),
        );
        assert.equal(text, "error: could not create stack: permission denied");
    });

    it("is the message itself when it is not a command's result", () => {
        assert.equal(
            errorText(new Error("tenant fabrikam: clientSecret (environment variable X) not set")),
            "tenant fabrikam: clientSecret (environment variable X) not set",
        );
    });
});
