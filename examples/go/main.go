// A tenantkit program: the sign-in branding with a few texts, a push dataset with one table, and a lookup of a user's
// temporary access pass method. The program itself is tenant.Program, so driver/ can run the same code.
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	"tenantkit-example-go/tenant"
)

func main() {
	pulumi.Run(tenant.Program)
}
