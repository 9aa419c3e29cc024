// Runs this example's program (tenant.Program, the code main.go runs) through Pulumi's Automation API as an inline
// program, for machines without Pulumi's Go language host (CI here); with the host, `pulumi up` needs none of this.
// From the example's folder:
//
//	go run ./driver <stack> preview|up|expect-no-changes|refresh|refresh-expect-no-changes|destroy|outputs
//
// The stack's config is the folder's Pulumi.<stack>.yaml (`pulumi config set` writes it); the state goes to
// PULUMI_BACKEND_URL, else the local file backend of `pulumi login --local`. `outputs` prints the outputs as JSON.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"

	"tenantkit-example-go/tenant"
)

func run(ctx context.Context, stackName, step string) error {
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	opts := []auto.LocalWorkspaceOption{auto.WorkDir(dir)}
	if os.Getenv("PULUMI_BACKEND_URL") == "" {
		opts = append(opts, auto.EnvVars(map[string]string{"PULUMI_BACKEND_URL": "file://~"}))
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, "tenantkit-example-go", tenant.Program, opts...)
	if err != nil {
		return err
	}
	switch step {
	case "preview":
		_, err = stack.Preview(ctx, optpreview.ProgressStreams(os.Stdout))
	case "up":
		_, err = stack.Up(ctx, optup.ProgressStreams(os.Stdout))
	case "expect-no-changes":
		_, err = stack.Preview(ctx, optpreview.ProgressStreams(os.Stdout), optpreview.ExpectNoChanges())
	case "refresh":
		_, err = stack.Refresh(ctx, optrefresh.ProgressStreams(os.Stdout))
	case "refresh-expect-no-changes":
		_, err = stack.Refresh(ctx, optrefresh.ProgressStreams(os.Stdout), optrefresh.ExpectNoChanges())
	case "destroy":
		_, err = stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stdout))
	case "outputs":
		var outputs auto.OutputMap
		if outputs, err = stack.Outputs(ctx); err != nil {
			return err
		}
		values := map[string]interface{}{}
		for name, output := range outputs {
			values[name] = output.Value
		}
		return json.NewEncoder(os.Stdout).Encode(values)
	default:
		err = fmt.Errorf("unknown step %q: preview, up, expect-no-changes, refresh, refresh-expect-no-changes, destroy or outputs", step)
	}
	return err
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go run ./driver <stack> preview|up|expect-no-changes|refresh|refresh-expect-no-changes|destroy|outputs")
		os.Exit(2)
	}
	if err := run(context.Background(), os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
