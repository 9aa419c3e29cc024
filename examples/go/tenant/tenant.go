// Package tenant holds the resources and lookups of this example, run by main.go (`pulumi up`) and driver/.
package tenant

import (
	"github.com/pulumi-tenantkit/pulumi-tenantkit/sdk/go/tenantkit/entra"
	"github.com/pulumi-tenantkit/pulumi-tenantkit/sdk/go/tenantkit/powerbi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// Program declares the branding and the dataset, reads the TAP method, and exports what it made.
func Program(ctx *pulumi.Context) error {
	// The tenant's default sign-in branding: only the properties set here are managed; destroy puts back what was there.
	branding, err := entra.NewOrganizationalBranding(ctx, "branding", &entra.OrganizationalBrandingArgs{
		BackgroundColor:            pulumi.String("#0F6CBD"),
		SignInPageText:             pulumi.String("Authorized use only. Activity is monitored."),
		UsernameHintText:           pulumi.String("someone@contoso.com"),
		CustomForgotMyPasswordText: pulumi.String("Forgot your password? Call the help desk."),
	})
	if err != nil {
		return err
	}

	// A push dataset in My workspace with one table.
	sales, err := powerbi.NewPushDataset(ctx, "sales", &powerbi.PushDatasetArgs{
		Name: pulumi.String("SalesMarketing"),
		Tables: powerbi.PushDatasetTableArray{
			powerbi.PushDatasetTableArgs{
				Name: pulumi.String("Product"),
				Columns: powerbi.PushDatasetColumnArray{
					powerbi.PushDatasetColumnArgs{Name: pulumi.String("ProductID"), DataType: powerbi.PushDatasetDataTypeInt64},
					powerbi.PushDatasetColumnArgs{Name: pulumi.String("Name"), DataType: powerbi.PushDatasetDataTypeString},
					powerbi.PushDatasetColumnArgs{Name: pulumi.String("Launched"), DataType: powerbi.PushDatasetDataTypeDateTime},
				},
			},
		},
	})
	if err != nil {
		return err
	}

	// Read at every preview and update; the pass itself is never read.
	tap := entra.LookupTemporaryAccessPassMethodsOutput(ctx, entra.LookupTemporaryAccessPassMethodsOutputArgs{
		User: pulumi.String("alice@contoso.onmicrosoft.com"),
	})

	ctx.Export("signInPageText", branding.SignInPageText)
	ctx.Export("datasetId", sales.DatasetId)
	ctx.Export("tapUsable", tap.Method().IsUsable())
	return nil
}
