// The tenantkit quickstart: what a platform engineer writes, run by `npm start` against the bundled emulator.
// It grows with the product: branding, push datasets, git pushes and quota checks join as they land.
import * as pulumi from "@pulumi/pulumi";
import * as tk from "pulumi-tenantkit";

const config = new pulumi.Config();
const user = config.get("tapUser") ?? "alice@contoso.onmicrosoft.com";
const guest = config.get("guestUser") ?? "ann_contoso.com#EXT#@fabrikam.onmicrosoft.com";

// Area A, resource form: read once at `up`, re-read by `pulumi refresh`; the pass itself is stored as a secret.
const tap = new tk.entra.TemporaryAccessPassMethods("user-tap", { user });

// Area A, function form: read at every preview and update, like an invoke.
const guestTap = tk.entra.getTemporaryAccessPassMethodsOutput({ user: guest });

export const tapUser = tap.user;
export const tapMethod = tap.method;
export const tapPass = tap.temporaryAccessPass;
export const guestTapUsable = guestTap.method.apply((m) => (m ? `${m.isUsable} (${m.methodUsabilityReason})` : "no method"));
