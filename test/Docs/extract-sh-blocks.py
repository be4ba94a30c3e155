#!/usr/bin/env python3
"""Prints the ```sh blocks of one section of a Markdown file (the section
whose heading is TITLE, up to the next heading of the same or a higher
level), so that a test can run the commands exactly as the page shows
them. Exits 1 if the section or its blocks are missing."""
import re
import sys

path, title = sys.argv[1], sys.argv[2]
lines = open(path, encoding="utf-8").read().split("\n")
section, level, in_code = [], None, False
for line in lines:
    if line.startswith("```"):
        in_code = not in_code
    heading = None if in_code else re.match(r"^(#{1,6})\s+(.*?)\s*$", line)
    if heading and level is not None and len(heading.group(1)) <= level:
        break
    if level is not None:
        section.append(line)
    elif heading and heading.group(2) == title:
        level = len(heading.group(1))
if level is None:
    sys.exit("%s: no section '%s'" % (path, title))
blocks = re.findall(r"```sh\n(.*?)```", "\n".join(section), flags=re.S)
if not blocks:
    sys.exit("%s: no ```sh block in section '%s'" % (path, title))
print("\n".join(blocks))
