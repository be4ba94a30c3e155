#!/usr/bin/env python3
# ===- check-bad-input.py - one bad input, one located error ---------------===#
#
# Runs a tacos tool on a bad input and checks the contract every reader
# keeps (docs/Syntax.md, "Limits"): exit code exactly 1, no crash, no hang,
# exactly one diagnostic, and that diagnostic points into the input.
#
#   check-bad-input.py [--any-message] [--timeout S] INPUT COMMAND...
#   check-bad-input.py [--any-message] [--timeout S] --each INPUT... -- COMMAND...
#   check-bad-input.py [--timeout S] --split INPUT COMMAND...
#
# COMMAND runs once per INPUT with every `{}` in its arguments replaced by
# the input's path (the first form has no `--`, which XML comments cannot
# hold). Unless --any-message, each INPUT holds one directive
#
#   EXPECT: <line>[:<col>]: <message>     the error is at INPUT:<line>[:<col>]
#   EXPECT: option <name>: <message>      an option's value is wrong (options
#                                         have no line): the diagnostic holds
#                                         <name> and <message>
#
# after the format's comment marker (`//`, `#`, `<!--`); <message> must occur
# in the error's text. Formats without comments (ASTRA-sim layer files,
# JSON) carry the directives too, and say what they test in a `NOTE:` line:
# lines holding `RUN:`, `EXPECT:` or `NOTE:` are blanked in a copy of the
# input with the same name before the tool reads it, so line numbers stay
# those of the file.
#
# --split takes a `-split-input-file -verify-diagnostics` test instead: each
# `// -----` case with exactly one `expected-error` runs alone (from a copy
# holding just that case, blank lines in place of the others so that line
# numbers stay those of the file) and must give that one error, at its line,
# exit code 1. Cases with several or no expected errors are skipped. (The
# expected-* comments are left out of the copy: MLIR 22 checks them even
# without -verify-diagnostics.)
#
# A diagnostic is a line with `error:` or LLVM's option error
# `<tool>: for the --<name> option: ...`; notes may follow it.
#
# ===----------------------------------------------------------------------===#

import os
import re
import shutil
import subprocess
import sys
import tempfile

# Formats whose readers have no comment syntax.
BLANKED_SUFFIXES = (".txt", ".json")
CRASH_MARKERS = ("LLVM ERROR", "PLEASE submit a bug report", "Assertion",
                 "Stack dump", "Sanitizer", "terminate called")
DIAGNOSTIC = re.compile(r"error:|: for the --[\w-]+ option: ")
DIRECTIVE = re.compile(r"\b(RUN|EXPECT|NOTE):")
EXPECT = re.compile(r"\bEXPECT:\s*(.*?)\s*(?:-->)?\s*$")
LOCATED_EXPECT = re.compile(r"^(\d+)(?::(\d+))?: (.+)$")
OPTION_EXPECT = re.compile(r"^option (\S+): (.+)$")


def fail(input_path, why, output=""):
    sys.stderr.write("%s: %s\n" % (input_path, why))
    if output:
        sys.stderr.write("--- tool output ---\n%s\n" % output.rstrip("\n"))
    return False


def expectation(input_path, text):
    found = [m.group(1) for m in map(EXPECT.search, text.splitlines()) if m]
    if len(found) != 1:
        return None, "expected one EXPECT: directive, found %d" % len(found)
    exp = found[0]
    if OPTION_EXPECT.match(exp) or LOCATED_EXPECT.match(exp):
        return exp, None
    return None, ("EXPECT: must be '<line>[:<col>]: <message>' or "
                  "'option <name>: <message>', got '%s'" % exp)


def prepare(input_path, text, scratch):
    """The path the tool reads: the input, or a blanked copy of it."""
    if not input_path.endswith(BLANKED_SUFFIXES):
        return input_path
    lines = text.split("\n")
    blanked = "\n".join("" if DIRECTIVE.search(l) else l for l in lines)
    copy = os.path.join(scratch, os.path.basename(input_path))
    with open(copy, "w", newline="") as f:
        f.write(blanked)
    return copy


def check_one(input_path, command, any_message, timeout):
    with open(input_path, newline="") as f:
        text = f.read()
    exp = None
    if not any_message:
        exp, err = expectation(input_path, text)
        if err:
            return fail(input_path, err)
    scratch = tempfile.mkdtemp(prefix="bad-input-")
    try:
        path = prepare(input_path, text, scratch)
        argv = [a.replace("{}", path) for a in command]
        try:
            run = subprocess.run(argv, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 timeout=timeout)
        except subprocess.TimeoutExpired:
            return fail(input_path, "no answer within %d s" % timeout)
    finally:
        shutil.rmtree(scratch)
    err = run.stderr.decode("utf-8", "replace")
    out = run.stdout.decode("utf-8", "replace")
    for marker in CRASH_MARKERS:
        if marker in err:
            return fail(input_path, "crashed ('%s')" % marker, err)
    if run.returncode != 1:
        return fail(input_path, "exit code %d, expected 1" % run.returncode,
                    err)
    if DIAGNOSTIC.search(out):
        return fail(input_path, "a diagnostic went to stdout", out)
    diags = [l for l in err.splitlines() if DIAGNOSTIC.search(l)]
    if len(diags) != 1:
        return fail(input_path, "%d diagnostics, expected exactly 1"
                    % len(diags), err)
    diag = diags[0]
    name = re.escape(os.path.basename(input_path))
    located = re.match(r"^(?:.*[/\\])?%s:(\d+)(?::(\d+))?: error: (.*)$"
                       % name, diag)
    option = OPTION_EXPECT.match(exp) if exp else None
    if option:
        if option.group(1) not in diag or option.group(2) not in diag:
            return fail(input_path, "expected an error about %s: '%s'"
                        % (option.group(1), option.group(2)), err)
        return True
    if not located:
        return fail(input_path, "the error does not point into %s"
                    % os.path.basename(input_path), err)
    if exp is None:
        return True
    line, col, message = LOCATED_EXPECT.match(exp).groups()
    if located.group(1) != line or (col and located.group(2) != col):
        return fail(input_path, "the error is at %s:%s, expected %s%s"
                    % (located.group(1), located.group(2), line,
                       ":" + col if col else ""), err)
    if message not in located.group(3):
        return fail(input_path, "expected the message '%s'" % message, err)
    return True


EXPECTED_ERROR = re.compile(
    r"expected-error\s*(?:@([+-]\d+|above|below))?\s*\{\{(.*?)\}\}")


def expected_line(lines, i, where):
    """The 1-based line an expected-error on lines[i] designates."""
    if where in ("above", "below"):
        step = -1 if where == "above" else 1
        j = i + step
        while 0 <= j < len(lines) and "expected-" in lines[j]:
            j += step
        return j + 1
    return i + 1 + int(where or 0)


def check_split(input_path, command, timeout):
    with open(input_path) as f:
        lines = f.read().split("\n")
    cases, first = [], 0
    for i, line in enumerate(lines + ["// -----"]):
        if line.startswith("// -----"):
            cases.append((first, i))
            first = i + 1
    ok, checked = True, 0
    scratch = tempfile.mkdtemp(prefix="bad-input-")
    try:
        for k, (begin, end) in enumerate(cases):
            found = [(i, m) for i in range(begin, end)
                     for m in [EXPECTED_ERROR.search(lines[i])] if m]
            if len(found) != 1 or "expected-error" in " ".join(
                    l for i, l in enumerate(lines[begin:end], begin)
                    if i != found[0][0]):
                continue
            i, m = found[0]
            line = expected_line(lines, i, m.group(1))
            # The message as written, regex-free parts only.
            message = m.group(2)
            name = "%s.case%d.mlir" % (
                os.path.splitext(os.path.basename(input_path))[0], k)
            path = os.path.join(scratch, name)
            # Without the expected-* comments: MLIR 22 checks them even
            # without -verify-diagnostics, which would add an error.
            with open(path, "w") as f:
                f.write("\n".join(
                    re.sub(r"expected-\w+.*", "", l) if begin <= j < end
                    else "" for j, l in enumerate(lines)))
                f.write("\n// EXPECT: %d: %s\n" % (line, message))
            checked += 1
            ok = check_one(path, command, False, timeout) and ok
    finally:
        shutil.rmtree(scratch)
    if checked == 0:
        return fail(input_path, "no case with exactly one expected-error")
    return ok


def main(argv):
    any_message, each, split, timeout = False, False, False, 120
    while argv and argv[0].startswith("--"):
        flag = argv.pop(0)
        if flag == "--any-message":
            any_message = True
        elif flag == "--each":
            each = True
        elif flag == "--split":
            split = True
        elif flag == "--timeout" and argv:
            timeout = int(argv.pop(0))
        else:
            sys.stderr.write("check-bad-input.py: unknown option %s\n" % flag)
            return 2
    if each:
        if "--" not in argv:
            sys.stderr.write("check-bad-input.py: --each needs '--' before "
                             "the command\n")
            return 2
        dashes = argv.index("--")
        inputs, command = argv[:dashes], argv[dashes + 1:]
    else:
        inputs, command = argv[:1], argv[1:]
    if not inputs or not command:
        sys.stderr.write("check-bad-input.py: no input or no command\n")
        return 2
    if split:
        return 0 if check_split(inputs[0], command, timeout) else 1
    ok = True
    for input_path in inputs:
        ok = check_one(input_path, command, any_message, timeout) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
