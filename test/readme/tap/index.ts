import * as tk from "pulumi-tenantkit";

// Resource form: read at `up`, re-read by `pulumi refresh`, replaced when `user` changes, forgotten on destroy.
const tap = new tk.entra.TemporaryAccessPassMethods("alice-tap", { user: "alice@contoso.onmicrosoft.com" });
export const usable = tap.method.apply((m) => m?.isUsable ?? false);

// Function form: read at every preview and update.
const guest = tk.entra.getTemporaryAccessPassMethodsOutput({ user: "ann_contoso.com#EXT#@fabrikam.onmicrosoft.com" });
export const guestReason = guest.method.apply((m) => m?.methodUsabilityReason ?? null);
