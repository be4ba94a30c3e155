#!/usr/bin/env python3
"""Runs a tacos tool on every input a fuzzer found (test/Fuzz/Regressions).

    run-inputs.py [--reparse TACOS_OPT] DIR -- TOOL ARGS...

For every file of DIR (sorted), prints `// ---- <file>` and then what the
tool writes to stderr, for FileCheck. An argument `{}` is the file; an input
in split-file form (`#--- <name>` lines, as the fuzz targets read several
files) is split into a scratch directory first, and `{<name>}` in an
argument is that file's path, which the output then shows as `<name>`; an
argument with `{<name>?}` is left out when the input has no such file.

The tool must exit with 0 or 1 within 60 seconds, without a crash, an
assertion or a sanitizer report; otherwise this script fails, naming the
input. With --reparse, what the tool writes when it succeeds must parse
(TACOS_OPT reads it) and print the same, as the fuzz targets require. What the tool reports is
FileCheck's business.
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


def check(path, args, stdin, what):
    """Runs args; returns (exit code, stdout, stderr), or fails on a crash or
    a hang."""
    try:
        result = subprocess.run(args, input=stdin, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        sys.exit("%s: %s runs for more than 60 s" % (path, what))
    stderr = result.stderr.decode(errors="replace")
    if result.returncode not in (0, 1) or any(s in stderr for s in CRASH_SIGNS):
        sys.stderr.write(stderr)
        sys.exit("%s: %s crashed (exit code %d)" %
                 (path, what, result.returncode))
    return result.returncode, result.stdout, stderr


def run(path, command, reparse, scratch):
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
        optional = re.search(r"\{([^{}]+)\?\}", arg)
        if optional and optional.group(1) not in paths:
            return None
        return re.sub(r"\{([^{}?]+)\??\}", lambda m: paths[m.group(1)], arg)

    args = [a for a in (expand(arg) for arg in command) if a is not None]
    code, stdout, stderr = check(path, args, b"", "the tool")
    for name, file_path in paths.items():
        stderr = stderr.replace(file_path, name)
    if reparse and code == 0:
        code, again, errors = check(path, [reparse], stdout, "reparsing")
        if code != 0:
            sys.stderr.write(errors)
            sys.exit("%s: what the tool writes does not parse" % path)
        # The same ops again (resources aside, as in the fuzz targets).
        ops = lambda text: text.split(b"{-#")[0].rstrip()
        if ops(again) != ops(stdout):
            sys.exit("%s: what the tool writes prints differently once "
                     "parsed back" % path)
    return stderr


def main():
    args = sys.argv[1:]
    reparse = None
    if args[:1] == ["--reparse"]:
        reparse, args = args[1], args[2:]
    if len(args) < 3 or args[1] != "--":
        sys.exit(__doc__)
    directory, command = args[0], args[2:]
    for name in sorted(os.listdir(directory)):
        with tempfile.TemporaryDirectory() as scratch:
            stderr = run(os.path.join(directory, name), command, reparse,
                         scratch)
        sys.stdout.write("// ---- %s\n%s" % (name, stderr))


if __name__ == "__main__":
    main()
