"""A tenantkit program: the sign-in branding and its French localization, a push dataset with one table in a
workspace, and two lookups (a user's temporary access pass method and an Azure DevOps push). Its settings are stack
config: `workspaceId` (required), `greeting` and `idType`."""

import pulumi
import pulumi_tenantkit as tenantkit
from pulumi_tenantkit.powerbi import PushDatasetColumnArgs, PushDatasetDataType, PushDatasetTableArgs


def program() -> None:
    config = pulumi.Config()

    # The tenant's default sign-in branding: only the properties set here are managed; destroy puts back what was there.
    branding = tenantkit.entra.OrganizationalBranding(
        "branding",
        sign_in_page_text=config.get("greeting") or "Welcome to Contoso",
        background_color="#102030",
    )
    tenantkit.entra.OrganizationalBrandingLocalization("french", locale="fr-FR", sign_in_page_text="Bienvenue chez Contoso")

    # A push dataset with one table; changing `idType` changes a column's type in place, keeping the dataset.
    sales = tenantkit.powerbi.PushDataset(
        "sales",
        name="SalesMarketing",
        workspace_id=config.require("workspaceId"),
        tables=[
            PushDatasetTableArgs(
                name="Product",
                columns=[
                    PushDatasetColumnArgs(name="ProductID", data_type=PushDatasetDataType(config.get("idType") or "Int64")),
                    PushDatasetColumnArgs(name="Name", data_type=PushDatasetDataType.STRING),
                ],
            )
        ],
    )

    # Read at every preview and update; the pass itself is never read.
    tap = tenantkit.entra.get_temporary_access_pass_methods_output(user="alice@contoso.onmicrosoft.com")
    push = tenantkit.devops.get_git_push_output(
        organization="fabrikam", project="Fabrikam-Fiber-Git", repository="Fabrikam-Fiber-Git", push_id=2
    )

    pulumi.export("datasetId", sales.dataset_id)
    pulumi.export("cdnList", branding.cdn_list)
    pulumi.export("tapUsable", tap.apply(lambda found: found.method.is_usable))
    pulumi.export("pushedBy", push.apply(lambda found: found.pushed_by.display_name))


# `pulumi up` runs this file as __main__; driver.py imports `program` without running it.
if __name__ == "__main__":
    program()
