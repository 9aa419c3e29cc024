/**
 * harness/configFile.ts writes a new stack's config file as `pulumi config set-all` would, and CliStack.create its empty
 * checkpoint as `pulumi stack init` would, so that the CLI suites skip both commands: the real CLI must find the stack,
 * read back every value, decrypt every secret, keep each in the namespace set-all would have put it in, and record an
 * up with the stack's secrets provider: the passphrase one, and Pulumi's hashivault one over the harness's stand-in of
 * Vault's transit engine (harness/vault.ts), which the CLI suites use.
 */
import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { CliStack, describeCli, secret } from "../cli/pulumi";

const PROVIDERS = { vault: { type: "cloud", url: "hashivault://tenantkit" }, passphrase: { type: "passphrase", url: undefined } } as const;

for (const [provider, recorded] of Object.entries(PROVIDERS) as [keyof typeof PROVIDERS, (typeof PROVIDERS)[keyof typeof PROVIDERS]][]) {
    describeCli(`a stack's config file written by the harness (${provider} secrets provider)`, (binDir) => {
        let project = "";
        let stack: CliStack | undefined;
        before(async () => {
            project = fs.mkdtempSync(path.join(os.tmpdir(), "tk-config-file-"));
            fs.writeFileSync(path.join(project, "Pulumi.yaml"), "name: configfileprog\nruntime: yaml\noutputs:\n  greeting: hello\n");
            stack = await CliStack.create(binDir, {
                projectDir: project,
                stack: "dev",
                secretsProvider: provider,
                config: {
                    "tenantkit:clientSecret": secret('s3cret "quoted" value: with # and \\ and ü'),
                    "tenantkit:tenantId": "contoso.onmicrosoft.com",
                    count: "3",
                    "tenantkit:quotaExisting": JSON.stringify({ "sql-warehouses/total-number/workspace": { w: 998 } }),
                },
            });
        });
        after(async () => {
            await stack?.dispose();
            fs.rmSync(project, { recursive: true, force: true });
        });

        const get = async (key: string) => (await stack!.ok(["config", "get", "--config-file", stack!.configFile, key])).stdout.trim();

        it("a new stack exports the empty deployment `stack init` writes: the CLI's manifest and the secrets provider", async () => {
            const { deployment } = await stack!.exportState();
            const { manifest, secrets_providers } = deployment as unknown as {
                manifest: { version: string; magic: string };
                secrets_providers: { type: string; state: { url?: string } };
            };
            assert.equal(manifest.version, (await stack!.ok(["version"], { noStack: true })).stdout.trim());
            assert.equal(secrets_providers.type, recorded.type);
            assert.equal(secrets_providers.state.url, recorded.url);
            assert.equal(deployment.resources, undefined);
        });

        it("the CLI decrypts a secret written there, quotes and all", async () => {
            assert.equal(await get("tenantkit:clientSecret"), 's3cret "quoted" value: with # and \\ and ü');
        });

        it("the CLI lists it as a secret, and the file holds no secret in plain text", async () => {
            const listed = JSON.parse((await stack!.ok(["config", "--json", "--config-file", stack!.configFile])).stdout) as Record<
                string,
                { secret: boolean }
            >;
            assert.equal(listed["tenantkit:clientSecret"]?.secret, true);
            assert.equal(listed["tenantkit:tenantId"]?.secret, false);
            assert.doesNotMatch(fs.readFileSync(stack!.configFile, "utf8"), /s3cret/);
        });

        it("a key without a namespace lands in the project's, as set-all puts it; values stay strings", async () => {
            assert.equal(await get("configfileprog:count"), "3");
            assert.equal(await get("tenantkit:quotaExisting"), JSON.stringify({ "sql-warehouses/total-number/workspace": { w: 998 } }));
        });

        it(`the CLI finds the stack no \`pulumi stack init\` made, and records an up in it with the ${provider} provider`, async () => {
            const listed = JSON.parse((await stack!.ok(["stack", "ls", "--json"], { noStack: true })).stdout) as { name: string }[];
            assert.deepEqual(
                listed.map((s) => s.name),
                ["dev"],
            );
            await stack!.up();
            assert.deepEqual(await stack!.outputs(), { greeting: "hello" });
            const checkpoint = JSON.parse(
                fs.readFileSync(path.join(stack!.work, "backend", ".pulumi", "stacks", "configfileprog", "dev.json"), "utf8"),
            ) as {
                checkpoint: { latest: { secrets_providers: { type: string; state: { url?: string } } } };
            };
            assert.equal(checkpoint.checkpoint.latest.secrets_providers.type, recorded.type);
            assert.equal(checkpoint.checkpoint.latest.secrets_providers.state.url, recorded.url);
            assert.deepEqual(fs.readdirSync(project).sort(), ["Pulumi.yaml"], "the program's folder gained a file");
        });

        it("refuses to create the stack again in its work folder, leaving its checkpoint as the up wrote it", async () => {
            const file = path.join(stack!.work, "backend", ".pulumi", "stacks", "configfileprog", "dev.json");
            const written = fs.readFileSync(file, "utf8");
            await assert.rejects(
                CliStack.create(binDir, { projectDir: project, stack: "dev", work: stack!.work, secretsProvider: provider }),
                /EEXIST/,
            );
            assert.equal(fs.readFileSync(file, "utf8"), written);
        });
    });
}
