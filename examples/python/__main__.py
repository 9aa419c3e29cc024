"""A tenantkit program: the sign-in branding with a few texts, a push dataset with one table, and a lookup of a
user's temporary access pass method."""

import pulumi
import pulumi_tenantkit as tenantkit
from pulumi_tenantkit.powerbi import PushDatasetColumnArgs, PushDatasetDataType, PushDatasetTableArgs


def program() -> None:
    # The tenant's default sign-in branding: only the properties set here are managed; destroy puts back what was there.
    branding = tenantkit.entra.OrganizationalBranding(
        "branding",
        background_color="#0F6CBD",
        sign_in_page_text="Authorized use only. Activity is monitored.",
        username_hint_text="someone@contoso.com",
        custom_forgot_my_password_text="Forgot your password? Call the help desk.",
    )

    # A push dataset in My workspace with one table.
    sales = tenantkit.powerbi.PushDataset(
        "sales",
        name="SalesMarketing",
        tables=[
            PushDatasetTableArgs(
                name="Product",
                columns=[
                    PushDatasetColumnArgs(name="ProductID", data_type=PushDatasetDataType.INT64),
                    PushDatasetColumnArgs(name="Name", data_type=PushDatasetDataType.STRING),
                    PushDatasetColumnArgs(name="Launched", data_type=PushDatasetDataType.DATE_TIME),
                ],
            )
        ],
    )

    # Read at every preview and update; the pass itself is never read.
    tap = tenantkit.entra.get_temporary_access_pass_methods_output(user="alice@contoso.onmicrosoft.com")

    pulumi.export("signInPageText", branding.sign_in_page_text)
    pulumi.export("datasetId", sales.dataset_id)
    pulumi.export("tapUsable", tap.apply(lambda found: found.method.is_usable))


# `pulumi up` runs this file as __main__; driver.py imports `program` without running it.
if __name__ == "__main__":
    program()
