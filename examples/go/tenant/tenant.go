// Package tenant holds the resources and lookups of this example, run by main.go (`pulumi up`) and driver/.
package tenant

import (
	"github.com/pulumi-tenantkit/pulumi-tenantkit/sdk/go/tenantkit/devops"
	"github.com/pulumi-tenantkit/pulumi-tenantkit/sdk/go/tenantkit/entra"
	"github.com/pulumi-tenantkit/pulumi-tenantkit/sdk/go/tenantkit/powerbi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// Program declares the branding, its French localization and the dataset, reads the TAP method and a push, and
// exports what it made. Its settings are stack config: workspaceId (required), greeting and idType.
func Program(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	greeting := cfg.Get("greeting")
	if greeting == "" {
		greeting = "Welcome to Contoso"
	}
	idType := powerbi.PushDatasetDataType(cfg.Get("idType"))
	if idType == "" {
		idType = powerbi.PushDatasetDataTypeInt64
	}

	// The tenant's default sign-in branding: only the properties set here are managed; destroy puts back what was there.
	branding, err := entra.NewOrganizationalBranding(ctx, "branding", &entra.OrganizationalBrandingArgs{
		SignInPageText:  pulumi.String(greeting),
		BackgroundColor: pulumi.String("#102030"),
	})
	if err != nil {
		return err
	}
	if _, err := entra.NewOrganizationalBrandingLocalization(ctx, "french", &entra.OrganizationalBrandingLocalizationArgs{
		Locale:         pulumi.String("fr-FR"),
		SignInPageText: pulumi.String("Bienvenue chez Contoso"),
	}); err != nil {
		return err
	}

	// A push dataset with one table; changing idType changes a column's type in place, keeping the dataset.
	sales, err := powerbi.NewPushDataset(ctx, "sales", &powerbi.PushDatasetArgs{
		Name:        pulumi.String("SalesMarketing"),
		WorkspaceId: pulumi.String(cfg.Require("workspaceId")),
		Tables: powerbi.PushDatasetTableArray{
			powerbi.PushDatasetTableArgs{
				Name: pulumi.String("Product"),
				Columns: powerbi.PushDatasetColumnArray{
					powerbi.PushDatasetColumnArgs{Name: pulumi.String("ProductID"), DataType: idType},
					powerbi.PushDatasetColumnArgs{Name: pulumi.String("Name"), DataType: powerbi.PushDatasetDataTypeString},
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
	push := devops.LookupGitPushOutput(ctx, devops.LookupGitPushOutputArgs{
		Organization: pulumi.String("fabrikam"),
		Project:      pulumi.String("Fabrikam-Fiber-Git"),
		Repository:   pulumi.String("Fabrikam-Fiber-Git"),
		PushId:       pulumi.Int(2),
	})

	ctx.Export("datasetId", sales.DatasetId)
	ctx.Export("cdnList", branding.CdnList)
	ctx.Export("tapUsable", tap.Method().IsUsable())
	ctx.Export("pushedBy", push.PushedBy().DisplayName())
	return nil
}
