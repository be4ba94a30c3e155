"""Pass pipelines on MLIR text, and the tools next to the package."""

import os
import shutil
import subprocess

from . import _tacos
from ._tacos import TacosError


def run_pipeline(text, pipeline, source_name="<python>"):
    """Parses MLIR `text`, runs `pipeline` and returns the resulting module.

    `pipeline` is what tacos-opt's --pass-pipeline takes ("builtin.module(
    coll-synthesize,coll-verify)") or a bare list of passes on the module
    ("tacos-pipeline{trials=4}"). Raises TacosError with the located
    diagnostics. The GIL is released while the pipeline runs.
    """
    return _tacos.run_pipeline(text, pipeline, source_name)


def find_tool(name):
    """The path of a tacos tool: $TACOS_TOOLS_DIR, the build tree this
    package was built in (build/python_packages/tacos -> build/bin), PATH."""
    candidates = []
    if os.environ.get("TACOS_TOOLS_DIR"):
        candidates.append(os.path.join(os.environ["TACOS_TOOLS_DIR"], name))
    here = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.join(here, "..", "..", "bin", name))
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.normpath(path)
    found = shutil.which(name)
    if found:
        return found
    raise TacosError(
        f"cannot find {name}: set TACOS_TOOLS_DIR to the directory holding "
        "tacos' tools (build/bin)")


def run_tool(name, args, text):
    """Runs a tacos tool on `text` (stdin) and returns its stdout; raises
    TacosError with its stderr if it fails."""
    result = subprocess.run([find_tool(name), *args, "-"], input=text,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise TacosError(result.stderr.strip() or f"{name} failed")
    return result.stdout
