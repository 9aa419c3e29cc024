// Command tenantkit-codegen binds tenantkit's package schema with Pulumi's own schema package and generates its
// SDKs with Pulumi's own code generators, the packages `pulumi package gen-sdk` hands to the language hosts (whose
// GeneratePackage the hosts this machine can build do not all offer). Built by scripts/pulumi-install.js beside the
// CLI, from the same pkg/v3 module, so the schema is judged and the SDKs written by the code of the CLI's version.
//
//	tenantkit-codegen bind schema.json                    binds the schema; prints every diagnostic, exits 1 on errors
//	tenantkit-codegen sdk schema.json <out> <language>... writes the SDK of each language (nodejs, python, go) to <out>/<language>
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// The tool name the generators write into each file's "do not edit" header.
const tool = "tenantkit-codegen"

// noReferences is the loader of a schema that refers to no other package: tenantkit's refers only to pulumi.json's
// built-in types, so any package it would load is a mistake in the schema.
type noReferences struct{}

func (noReferences) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q: tenantkit's schema must refer to no other package", pkg)
}

func (noReferences) LoadPackageV2(_ context.Context, descriptor *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q: tenantkit's schema must refer to no other package", descriptor.Name)
}

func (noReferences) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q: tenantkit's schema must refer to no other package", pkg)
}

func (noReferences) LoadPackageReferenceV2(_ context.Context, descriptor *schema.PackageDescriptor) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q: tenantkit's schema must refer to no other package", descriptor.Name)
}

func bind(file string) (*schema.Package, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return nil, fmt.Errorf("%s is not a package schema: %w", file, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noReferences{}, schema.ValidationOptions{})
	if err != nil {
		return nil, err
	}
	for _, d := range diags {
		fmt.Fprintln(os.Stderr, d.Error())
	}
	if diags.HasErrors() {
		return nil, errors.New("the schema does not bind")
	}
	return pkg, nil
}

func generate(file, out, language string) error {
	// Each generator annotates the package it is given, so each binds its own.
	pkg, err := bind(file)
	if err != nil {
		return err
	}
	var files map[string][]byte
	switch language {
	case "nodejs":
		files, err = nodejs.GeneratePackage(tool, pkg, nil, nil, false, noReferences{})
	case "python":
		files, err = python.GeneratePackage(tool, pkg, nil, noReferences{})
	case "go":
		files, err = gogen.GeneratePackage(tool, pkg, nil)
	default:
		return fmt.Errorf("no generator for %q: nodejs, python or go", language)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", language, err)
	}
	dir := filepath.Join(out, language)
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "%s: %d files in %s\n", language, len(names), dir)
	return nil
}

func main() {
	args := os.Args[1:]
	var err error
	switch {
	case len(args) == 2 && args[0] == "bind":
		_, err = bind(args[1])
	case len(args) >= 4 && args[0] == "sdk":
		for _, language := range args[3:] {
			if err = generate(args[1], args[2], language); err != nil {
				break
			}
		}
	default:
		err = errors.New("usage: tenantkit-codegen bind <schema.json> | tenantkit-codegen sdk <schema.json> <out> <nodejs|python|go>...")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tenantkit-codegen:", err)
		os.Exit(1)
	}
}
