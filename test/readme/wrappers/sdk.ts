// A fragment over the provider plugin's Node.js SDK (test/readme/snippets.spec.ts puts it in place of the SNIPPET line).
import * as tenantkit from "@pulumi-tenantkit/sdk";

// SNIPPET
