#!/usr/bin/env python3
"""Runs a tacos tool on every input a fuzzer found (test/Fuzz/Regressions).

    run-inputs.py DIR -- TOOL ARGS...

For every file of DIR (sorted), prints `// ---- <file>` and then what the
tool writes to stderr, for FileCheck. An argument `{}` is the file; an input
in split-file form (`#--- <name>` lines, as the fuzz targets read several
files) is split into a scratch directory first, and `{<name>}` in an
argument is that file's path, which the output then shows as `<name>`.

The tool must exit with 0 or 1 within 60 seconds, without a crash, an
assertion or a sanitizer report; otherwise this script fails, naming the
input. What it reports is FileCheck's business.
"""

import os
import re
import subprocess
import sys
import tempfile

CRASH_SIGNS = ("Stack dump", "PLEASE submit a bug report", "Assertion",
               "Sanitizer", "runtime error:", "LLVM ERROR")


def split_files(text):
    files, name = {}, None
    for line in text.splitlines(keepends=True):
        if line.startswith("#--- "):
            name = line[len("#--- "):].strip()
            files[name] = ""
        elif name is not None:
            files[name] += line
    return files


def run(path, command, scratch):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    files = split_files(text)
    paths = {}
    for name, contents in files.items():
        paths[name] = os.path.join(scratch, name)
        with open(paths[name], "w", encoding="utf-8",
                  errors="surrogateescape") as f:
            f.write(contents)

    def expand(arg):
        if arg == "{}":
            return path
        return re.sub(r"\{([^{}]+)\}", lambda m: paths[m.group(1)], arg)

    args = [expand(arg) for arg in command]
    try:
        result = subprocess.run(args, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        sys.exit("%s: the tool runs for more than 60 s" % path)
    stderr = result.stderr.decode(errors="replace")
    for name, file_path in paths.items():
        stderr = stderr.replace(file_path, name)
    if result.returncode not in (0, 1) or any(s in stderr for s in CRASH_SIGNS):
        sys.stderr.write(stderr)
        sys.exit("%s: the tool crashed (exit code %d)" %
                 (path, result.returncode))
    return stderr


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__)
    directory, command = sys.argv[1], sys.argv[3:]
    for name in sorted(os.listdir(directory)):
        with tempfile.TemporaryDirectory() as scratch:
            stderr = run(os.path.join(directory, name), command, scratch)
        sys.stdout.write("// ---- %s\n%s" % (name, stderr))


if __name__ == "__main__":
    main()
