/**
 * The preview benchmark's resources (bench/programs/preview/inputs.ts: the same names and inputs) as a Pulumi YAML
 * program over the provider plugin, written out for `count` resources: YAML has no SDK, so the engine takes the
 * resources' shapes from the plugin's schema, and the program's process registers nothing per output property.
 * Written as JSON, which YAML reads as it is.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { TENANTKIT_VERSION } from "../harness/cli";
import { declaredResources } from "./programs/preview/inputs";

const TOKENS = { localization: "tenantkit:entra:OrganizationalBrandingLocalization", dataset: "tenantkit:powerbi:PushDataset" } as const;

/** Writes the program into `dir` (created) and returns `dir`. */
export function yamlPluginProgram(dir: string, count: number): string {
    const resources = Object.fromEntries(
        declaredResources(count).map((r, i) => [
            r.name,
            {
                type: TOKENS[r.kind],
                properties: r.args,
                // The plugin's version, as test/fixtures/programs/plugin-yaml says it (YAML has no SDK to name it); one is enough.
                ...(i === 0 ? { options: { version: TENANTKIT_VERSION } } : {}),
            },
        ]),
    );
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `${JSON.stringify({ name: "previewyaml", runtime: "yaml", resources }, null, 1)}\n`);
    return dir;
}
