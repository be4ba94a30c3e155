#!/usr/bin/env python3
"""Compares the option tables of docs/Syntax.md ("Pass and pipeline options")
with `tacos-opt --help`: every pass and pipeline, every option, and the named
values of every enumerated option must be the same in both, so that the
reference cannot drift from the code. Usage: check-pass-options.py SYNTAX.md
HELP.txt. A pass whose option cell is `*` is upstream's, registered as it
is: only its presence is compared. Prints what differs and exits 1, or
prints a summary."""
import re
import sys


def parse_help(text):
    """{pass: {option: set of named values}} from the Passes and Pass
    Pipelines sections of `--help` (pass lines are indented by 6, options by
    8, enum values start with `=`)."""
    passes = {}
    section = False
    current = option = None
    for line in text.splitlines():
        if line.strip() in ("Passes:", "Pass Pipelines:"):
            section = True
            continue
        if not section:
            continue
        m = re.match(r"^ {6}--([a-z0-9-]+)\s", line)
        if m:
            current, option = m.group(1), None
            passes[current] = {}
            continue
        m = re.match(r"^ {8}--([a-z0-9-]+)(=<[^>]*>)?\s", line)
        if m and current:
            option = m.group(1)
            values = set()
            # String options that take names say so in their description
            # (`tacos | exact | ...`).
            desc = line[m.end():].strip(" -")
            if " | " in desc:
                values = {v.strip() for v in desc.split("|")}
            passes[current][option] = values
            continue
        m = re.match(r"^ {4}=(\S+)\s", line)
        if m and current and option:
            if m.group(1) != "<empty>":
                passes[current][option].add(m.group(1))
            continue
        if re.match(r"^ {2}--", line):  # the next top-level flag: done
            break
    return passes


def parse_doc(text):
    """The same structure from the tables of the doc's options section."""
    start = text.index("## Pass and pipeline options")
    end = text.find("\n## ", start + 1)
    body = text[start:end if end >= 0 else len(text)]
    passes = {}
    current = None
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 4:
            continue
        if cells[0] in ("pass", "pipeline") or cells[0].startswith("---"):
            continue  # a header or its rule
        if cells[0]:
            current = cells[0].strip("`")
            passes.setdefault(current, {})
        if cells[1] == "*":
            # An upstream pass registered as it is: its options are
            # upstream's and are not listed.
            passes[current] = None
        elif cells[1]:
            names = set(re.findall(r"`([a-z0-9-]+)`", cells[2]))
            passes[current][cells[1].strip("`")] = names
    return passes


def main():
    doc = parse_doc(open(sys.argv[1], encoding="utf-8").read())
    help_ = parse_help(open(sys.argv[2], encoding="utf-8").read())
    errors = []
    for p in sorted(set(help_) - set(doc)):
        errors.append(f"pass {p} is not documented")
    for p in sorted(set(doc) - set(help_)):
        errors.append(f"documented pass {p} does not exist")
    for p in sorted(set(doc) & set(help_)):
        if doc[p] is None:
            continue
        for o in sorted(set(help_[p]) - set(doc[p])):
            errors.append(f"option {p} {o} is not documented")
        for o in sorted(set(doc[p]) - set(help_[p])):
            errors.append(f"documented option {p} {o} does not exist")
        for o in sorted(set(doc[p]) & set(help_[p])):
            if help_[p][o] and doc[p][o] != help_[p][o]:
                errors.append(f"option {p} {o}: documented values "
                              f"{sorted(doc[p][o])}, tacos-opt has "
                              f"{sorted(help_[p][o])}")
    if not help_:
        errors.append("no passes found in the help text")
    for e in errors:
        print("error:", e)
    if errors:
        return 1
    print(f"{len(doc)} passes and pipelines, "
          f"{sum(len(o) for o in doc.values() if o)} options documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
