//go:build tools

// The CLI is built from this module's dependency graph; the import keeps it in go.mod and go.sum.
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
