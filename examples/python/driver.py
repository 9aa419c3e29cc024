"""Runs this folder's program (`program` of __main__.py, unchanged) through Pulumi's Automation API as an inline
program: the `pulumi` CLI runs the engine and the program runs in this process, so Pulumi's Python language host is not
needed. Where the host is installed, `pulumi up` runs the same program on the same stack.

    venv/bin/python driver.py <stack> preview|up|expect-no-changes|refresh|refresh-expect-no-changes|destroy|outputs

It prints what it runs, then Pulumi's output as `pulumi <step>` prints it, line by line. The stack is the one `pulumi
stack init` made here, in the backend `pulumi login` chose (or PULUMI_BACKEND_URL), with its config in this folder's
Pulumi.<stack>.yaml (`pulumi config set` writes it). `outputs` prints the stack's outputs as JSON, and nothing else."""

import io
import json
import os
import runpy
import sys
from typing import Callable

from pulumi import automation as auto

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = "tenantkit-example-python"
# Loaded as a module of another name, so its `if __name__ == "__main__"` does not run the program outside an update.
program: Callable[[], None] = runpy.run_path(os.path.join(HERE, "__main__.py"))["program"]


STEPS = ("preview", "up", "expect-no-changes", "refresh", "refresh-expect-no-changes", "destroy", "outputs")


def main(stack_name: str, step: str) -> None:
    if step not in STEPS:
        sys.exit(f"driver.py: unknown step {step!r}; give one of {', '.join(STEPS)}")
    if step != "outputs":
        # Selecting the stack and starting the engine take seconds before Pulumi prints its first line.
        print(f"driver.py: {step} of stack {stack_name} of {PROJECT} through Pulumi's Automation API; Pulumi's output follows")
    stack = auto.create_or_select_stack(
        stack_name=stack_name,
        project_name=PROJECT,
        program=program,
        opts=auto.LocalWorkspaceOptions(work_dir=HERE),
    )
    if step == "preview":
        stack.preview(on_output=print)
    elif step == "up":
        stack.up(on_output=print)
    elif step == "expect-no-changes":
        stack.preview(on_output=print, expect_no_changes=True)
    elif step == "refresh":
        stack.refresh(on_output=print)
    elif step == "refresh-expect-no-changes":
        stack.refresh(on_output=print, expect_no_changes=True)
    elif step == "destroy":
        stack.destroy(on_output=print)
    elif step == "outputs":
        print(json.dumps({name: output.value for name, output in stack.outputs().items()}))


if __name__ == "__main__":
    # Line by line into a pipe or a CI log too, where Python would otherwise hold the output until the step ends.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
