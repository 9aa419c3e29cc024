// A fragment over the package's dynamic resources and quota API (test/readme/snippets.spec.ts puts it in place of the
// SNIPPET line).
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the fragment in place of the SNIPPET line uses it
import * as tk from "pulumi-tenantkit";

// SNIPPET
