// A fragment over the provider plugin's Node.js SDK (test/readme/snippets.spec.ts puts it in place of the SNIPPET line).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the fragment in place of the SNIPPET line uses it
import * as tenantkit from "@pulumi-tenantkit/sdk";

// SNIPPET
