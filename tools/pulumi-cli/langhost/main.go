// Command pulumi-language-nodejs is the Node.js language host that the Pulumi CLI starts for a
// `runtime: nodejs` project.
//
// Why our own: the upstream host lives in its own Go module
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3) that the Go module proxy does
// not serve, so it cannot be built from Go modules. The host's job is small and stable: answer the
// engine's LanguageRuntime gRPC calls, and for Run start `node @pulumi/pulumi/cmd/run` with the
// program, which then talks to the engine's resource monitor itself. Everything the program does
// (registrations, invokes, logs) goes between that node process and the engine, not through here.
//
// Supported: Handshake, GetPluginInfo, GetRequiredPackages (resource plugins of packages marked
// `"pulumi": {"resource": true}`; the deprecated GetRequiredPlugins is asked only when that is
// missing), Run (TypeScript through the SDK's ts-node, the `typescript`, `tsconfig` and `nodeargs`
// runtime options), RunPlugin (a plugin or policy pack that is a folder with PulumiPlugin.yaml or
// PulumiPolicy.yaml and `runtime: nodejs`, e.g. `pulumi preview --policy-pack <dir>`: started as
// `node <dir>/node_modules/@pulumi/pulumi/cmd/run-plugin <dir> <engine address>`, its output and
// exit code streamed back). Not supported (the CLI reports Unimplemented):
// InstallDependencies (`pulumi install`), GenerateProject/Program (`pulumi convert`, `pulumi new`
// templating), About, GetProgramDependencies.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	pbempty "google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// bailExitCode is what `@pulumi/pulumi/cmd/run` exits with after it has reported the program's error
// to the engine itself (nodeJSProcessExitedAfterLoggingUserActionableMessage): the engine must not
// print a second, less useful message.
const bailExitCode = 32

func main() {
	// The CLI starts a language plugin with flags it may add over time (logging, tracing) and the
	// engine's address as the last positional argument.
	args := os.Args[1:]
	engineAddress := ""
	tracing := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.HasPrefix(a, "-tracing=") || strings.HasPrefix(a, "--tracing="):
			tracing = a[strings.Index(a, "=")+1:]
		case (a == "-tracing" || a == "--tracing") && i+1 < len(args):
			tracing = args[i+1]
			i++
		case !strings.HasPrefix(a, "-"):
			engineAddress = a
		}
	}

	host := &languageHost{engineAddress: engineAddress, tracing: tracing}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
		Options: rpcutil.OpenTracingServerInterceptorOptions(nil),
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: could not start the gRPC server: %v\n", err)
		os.Exit(1)
	}
	// The CLI reads the port from the first line of our stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: the gRPC server stopped: %v\n", err)
		os.Exit(1)
	}
}

type languageHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
	tracing       string
}

func (h *languageHost) engine() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.engineAddress
}

func (h *languageHost) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if addr := req.GetEngineAddress(); addr != "" {
		h.mu.Lock()
		h.engineAddress = addr
		h.mu.Unlock()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *languageHost) GetPluginInfo(context.Context, *pbempty.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

func (h *languageHost) GetRequiredPackages(
	_ context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	plugins, err := resourcePlugins(programDirectory(req.GetInfo(), ""))
	if err != nil {
		return nil, err
	}
	resp := &pulumirpc.GetRequiredPackagesResponse{}
	for _, p := range plugins {
		resp.Packages = append(resp.Packages, &pulumirpc.PackageDependency{
			Kind: "resource", Name: p.name, Version: p.version, Server: p.server,
		})
	}
	return resp, nil
}

func (h *languageHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	programDir := programDirectory(info, req.GetPwd())
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find node on the PATH: install Node.js 22 or newer"}, nil
	}
	runPath := findUp(programDir, filepath.Join("node_modules", "@pulumi", "pulumi", "cmd", "run"))
	if runPath == "" {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf(
			"the Pulumi SDK is not installed for the program in %s: run `npm install` there "+
				"(node_modules/@pulumi/pulumi was not found in it or any folder above it)", programDir)}, nil
	}

	nodeEnv, nodeArgs := nodeRuntimeOptions(info)

	config := req.GetConfig()
	if config == nil {
		// A stack without config: the SDK's parseConfig reads PULUMI_CONFIG as an object, and fails on
		// the `null` that a nil map marshals to.
		config = map[string]string{}
	}
	configJSON, err := json.Marshal(config)
	if err != nil {
		return nil, fmt.Errorf("serializing the stack config: %w", err)
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, fmt.Errorf("serializing the secret config keys: %w", err)
	}

	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON),
	)
	env = append(env, nodeEnv...)
	nodeArgs = append(nodeArgs, runPath)
	flag := func(name, value string) {
		if value != "" {
			nodeArgs = append(nodeArgs, "--"+name+"="+value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", h.engine())
	flag("organization", req.GetOrganization())
	flag("project", req.GetProject())
	flag("stack", req.GetStack())
	flag("root-directory", info.GetRootDirectory())
	flag("pwd", programDir)
	if req.GetDryRun() {
		nodeArgs = append(nodeArgs, "--dry-run")
	}
	if req.GetParallel() > 0 {
		flag("parallel", fmt.Sprint(req.GetParallel()))
	}
	flag("tracing", h.tracing)
	entry := info.GetEntryPoint()
	if entry == "" {
		entry = req.GetProgram()
	}
	if entry == "" {
		entry = "."
	}
	nodeArgs = append(nodeArgs, entry)
	nodeArgs = append(nodeArgs, req.GetArgs()...)

	cmd := exec.CommandContext(ctx, nodeBin, nodeArgs...)
	cmd.Dir = programDir
	cmd.Env = env
	// The engine shows what a plugin writes as the program's output.
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if exitErr.ExitCode() == bailExitCode {
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{
				Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode()),
			}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not run the program with %s: %v", nodeBin, err)}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// RunPlugin starts a plugin or policy pack written in JavaScript or TypeScript: the engine sends the
// pack's folder as the program directory and, as args, what the plugin is to be started with (for a
// policy pack, the engine's address). As the upstream host does, it runs the SDK's run-plugin entry
// point found from that folder upward (the pack's own @pulumi/pulumi), which loads the folder's main
// module (through ts-node for TypeScript) with process.argv = [node, run-plugin, ...args]. The pack
// (@pulumi/policy's serve) prints its gRPC port as the first line of stdout; the engine reads it from
// the Stdout messages sent here, so output is forwarded as it comes, not buffered. The process ends
// when the engine closes the stream (its context is cancelled), or by itself with an exit code that
// is sent last.
func (h *languageHost) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	ctx := server.Context()
	info := req.GetInfo()
	pluginDir := programDirectory(info, req.GetPwd())

	var sendMu sync.Mutex
	send := func(resp *pulumirpc.RunPluginResponse) error {
		// exec.Cmd copies stdout and stderr on two goroutines; a gRPC stream allows one sender at a time.
		sendMu.Lock()
		defer sendMu.Unlock()
		return server.Send(resp)
	}
	stdout := &streamWriter{send: func(b []byte) error {
		return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}})
	}}
	stderr := &streamWriter{send: func(b []byte) error {
		return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}})
	}}

	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return errors.New("could not find node on the PATH: install Node.js 22 or newer")
	}
	runPath := findUp(pluginDir, filepath.Join("node_modules", "@pulumi", "pulumi", "cmd", "run-plugin"))
	if runPath == "" {
		// Said on the plugin's stderr, where the engine looks for this text (pkg/resource/plugin/plugin.go)
		// to tell the user to install the policy pack's dependencies.
		msg := fmt.Sprintf("Cannot find module '@pulumi/pulumi/cmd/run-policy-pack': the Pulumi SDK is not installed "+
			"for %s (node_modules/@pulumi/pulumi/cmd/run-plugin was not found in it or any folder above it)\n", pluginDir)
		if _, err := stderr.Write([]byte(msg)); err != nil {
			return err
		}
		return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: 1}})
	}

	nodeEnv, nodeArgs := nodeRuntimeOptions(info)
	env := req.GetEnv()
	if len(env) == 0 {
		env = os.Environ()
	}
	env = append(env, nodeEnv...)
	nodeArgs = append(nodeArgs, runPath, pluginDir)
	nodeArgs = append(nodeArgs, req.GetArgs()...)

	cmd := exec.CommandContext(ctx, nodeBin, nodeArgs...)
	// In the plugin's own folder, not the engine's pwd (the program's folder): @pulumi/policy reads the
	// pack's version from ./package.json, and the engine's older path for packs
	// (pulumi-analyzer-policy) ran them there too.
	cmd.Dir = pluginDir
	cmd.Env = env
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	exitCode := int32(0)
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return fmt.Errorf("could not run the plugin in %s with %s: %w", pluginDir, nodeBin, err)
		}
		exitCode = int32(exitErr.ExitCode()) // -1 when a signal ended it
	}
	if ctx.Err() != nil {
		// The engine closed the plugin (the normal end of a policy pack): nobody reads an exit code.
		return nil
	}
	return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: exitCode}})
}

// nodeRuntimeOptions turns the project's (or pack's) `runtime.options` into what a program and a
// plugin are both started with: the SDK's TypeScript settings as environment variables (TypeScript
// through the SDK's ts-node unless `typescript: false`, `tsconfig`) and the `nodeargs` flags of node.
func nodeRuntimeOptions(info *pulumirpc.ProgramInfo) (env []string, nodeArgs []string) {
	options := map[string]any{}
	if info.GetOptions() != nil {
		options = info.GetOptions().AsMap()
	}
	env = append(env, "PULUMI_NODEJS_TYPESCRIPT="+fmt.Sprint(optionBool(options, "typescript", true)))
	if tsconfig, ok := options["tsconfig"].(string); ok && tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}
	if extra, ok := options["nodeargs"].(string); ok && extra != "" {
		nodeArgs = append(nodeArgs, strings.Fields(extra)...)
	}
	return env, nodeArgs
}

// streamWriter sends each write as one message of a RunPlugin stream.
type streamWriter struct{ send func([]byte) error }

func (w *streamWriter) Write(p []byte) (int, error) {
	// The stream may keep the slice until it is marshalled: send a copy.
	if err := w.send(append([]byte(nil), p...)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// programDirectory is where the program's package.json and node_modules are looked up: the
// program directory of the request, else the fallback (the older requests' pwd or program).
func programDirectory(info *pulumirpc.ProgramInfo, fallback string) string {
	if dir := info.GetProgramDirectory(); dir != "" {
		return dir
	}
	if fallback != "" {
		return fallback
	}
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return wd
}

func optionBool(options map[string]any, key string, def bool) bool {
	switch v := options[key].(type) {
	case bool:
		return v
	case string:
		return v == "true"
	default:
		return def
	}
}

// findUp returns dir/rel or the same under the nearest parent that has it, as node's module
// resolution would find it, or "" when none does.
func findUp(dir, rel string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		candidate := filepath.Join(dir, rel)
		if _, err := os.Stat(candidate); err == nil {
			return candidate
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

type resourcePlugin struct{ name, version, server string }

// resourcePlugins lists the resource plugins of the packages installed for the program: every package
// in the nearest node_modules whose package.json says `"pulumi": {"resource": true}`. A plugin named
// here is only loaded when the program registers a resource of it, so listing an unused one costs
// nothing; a missing one fails then, with automatic plugin acquisition disabled.
func resourcePlugins(programDir string) ([]resourcePlugin, error) {
	modules := findUp(programDir, "node_modules")
	if modules == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(modules)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", modules, err)
	}
	var dirs []string
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		if strings.HasPrefix(name, "@") {
			scoped, err := os.ReadDir(filepath.Join(modules, name))
			if err != nil {
				continue
			}
			for _, s := range scoped {
				dirs = append(dirs, filepath.Join(modules, name, s.Name()))
			}
			continue
		}
		dirs = append(dirs, filepath.Join(modules, name))
	}
	var plugins []resourcePlugin
	for _, dir := range dirs {
		raw, err := os.ReadFile(filepath.Join(dir, "package.json"))
		if err != nil {
			continue
		}
		var pkg struct {
			Name    string `json:"name"`
			Version string `json:"version"`
			Pulumi  struct {
				Resource bool   `json:"resource"`
				Name     string `json:"name"`
				Version  string `json:"version"`
				Server   string `json:"server"`
			} `json:"pulumi"`
		}
		if json.Unmarshal(raw, &pkg) != nil || !pkg.Pulumi.Resource {
			continue
		}
		name := pkg.Pulumi.Name
		if name == "" {
			name = strings.TrimPrefix(strings.TrimPrefix(pkg.Name, "@pulumi/"), "@")
		}
		ver := pkg.Pulumi.Version
		if ver == "" {
			ver = pkg.Version
		}
		if ver != "" && !strings.HasPrefix(ver, "v") {
			ver = "v" + ver
		}
		plugins = append(plugins, resourcePlugin{name: name, version: ver, server: pkg.Pulumi.Server})
	}
	return plugins, nil
}
