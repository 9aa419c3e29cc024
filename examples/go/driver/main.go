// Runs this example's program (tenant.Program, the code main.go runs) through Pulumi's Automation API as an inline
// program: the pulumi CLI runs the engine and the program runs in this process, so Pulumi's Go language host is not
// needed. Where the host is installed, `pulumi up` runs the same program on the same stack. From the example's folder:
//
//	go build -v -o tenantkit-driver ./driver
//	./tenantkit-driver <stack> preview|up|expect-no-changes|refresh|refresh-expect-no-changes|destroy|outputs
//
// It prints what it runs, then Pulumi's output as `pulumi <step>` prints it. The stack is the one `pulumi stack init`
// made here, in the backend `pulumi login` chose (or PULUMI_BACKEND_URL), with its config in the folder's
// Pulumi.<stack>.yaml (`pulumi config set` writes it). `outputs` prints the stack's outputs as JSON, and nothing else.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"

	"tenantkit-example-go/tenant"
)

const project = "tenantkit-example-go"

var steps = []string{"preview", "up", "expect-no-changes", "refresh", "refresh-expect-no-changes", "destroy", "outputs"}

func run(ctx context.Context, stackName, step string) error {
	if !slices.Contains(steps, step) {
		return fmt.Errorf("unknown step %q; give one of %s", step, strings.Join(steps, ", "))
	}
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	if step != "outputs" {
		// Selecting the stack and starting the engine take seconds before Pulumi prints its first line.
		fmt.Printf("tenantkit-driver: %s of stack %s of %s through Pulumi's Automation API; Pulumi's output follows\n", step, stackName, project)
	}
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, project, tenant.Program, auto.WorkDir(dir))
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
	}
	return err
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintf(os.Stderr, "usage: ./tenantkit-driver <stack> %s (built with: go build -v -o tenantkit-driver ./driver)\n", strings.Join(steps, "|"))
		os.Exit(2)
	}
	if err := run(context.Background(), os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintf(os.Stderr, "tenantkit-driver: %v\n", err)
		os.Exit(1)
	}
}
