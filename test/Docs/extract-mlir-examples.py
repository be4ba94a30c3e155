#!/usr/bin/env python3
"""Prints every ```mlir block of the given Markdown files, separated by
`// -----`, so that `tacos-opt -split-input-file` checks that each example in
the generated docs parses and verifies."""
import re
import sys

blocks = []
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    blocks += re.findall(r"```mlir\n(.*?)```", text, flags=re.S)
if not blocks:
    sys.exit("no ```mlir examples found in " + " ".join(sys.argv[1:]))
print("\n// -----\n".join(blocks))
