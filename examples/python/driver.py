"""Runs this folder's program (`program` of __main__.py, unchanged) through Pulumi's Automation API as an inline
program, for machines without Pulumi's Python language host (CI here); with the host, `pulumi up` needs none of this.

    python driver.py <stack> preview|up|expect-no-changes|refresh|refresh-expect-no-changes|destroy|outputs

The stack's config is this folder's Pulumi.<stack>.yaml (`pulumi config set` writes it); the state goes to
PULUMI_BACKEND_URL, else the local file backend of `pulumi login --local`. `outputs` prints the outputs as JSON."""

import json
import os
import runpy
import sys
from typing import Callable

from pulumi import automation as auto

HERE = os.path.dirname(os.path.abspath(__file__))
# Loaded as a module of another name, so its `if __name__ == "__main__"` does not run the program outside an update.
program: Callable[[], None] = runpy.run_path(os.path.join(HERE, "__main__.py"))["program"]


def main(stack_name: str, step: str) -> None:
    backend = {} if os.environ.get("PULUMI_BACKEND_URL") else {"PULUMI_BACKEND_URL": "file://~"}
    stack = auto.create_or_select_stack(
        stack_name=stack_name,
        project_name="tenantkit-example-python",
        program=program,
        opts=auto.LocalWorkspaceOptions(work_dir=HERE, env_vars=backend),
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
    else:
        sys.exit(f"unknown step {step!r}: preview, up, expect-no-changes, refresh, refresh-expect-no-changes, destroy or outputs")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
