//go:build tools

// The Pulumi YAML language host is built from this module's dependency graph, apart from the CLI's:
// pulumi-yaml is built against the pulumi/pkg it requires (v3.206.0 for v1.25.0), and in the CLI's
// module MVS would lift that to the CLI's v3.259.0, whose Go API pulumi-yaml does not compile
// against. Host and CLI only talk gRPC, which is compatible across those versions.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
