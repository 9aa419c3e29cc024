// A fragment over the package's dynamic resources and quota API (test/readme/snippets.spec.ts puts it in place of the
// SNIPPET line).
import * as tk from "pulumi-tenantkit";

// SNIPPET
