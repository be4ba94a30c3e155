#!/usr/bin/env python3
"""Checks that the given Markdown files stand on their own: every relative
link points to a file of the repository and, with `#anchor`, to a heading of
that file (GitHub's anchors), and no text points to a design document outside
the repository (`../shared`, DESIGN). Prints each problem as
FILE:LINE: error: ... and exits 1; a directory stands for its
*.md files, or prints how many links it checked."""
import os
import re
import sys

FORBIDDEN = re.compile(r"\.\./shared|\bDESIGN\b")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchors(path):
    """GitHub's heading anchors: lowercase, punctuation dropped, spaces to
    hyphens, a repeated anchor numbered -1, -2, ..."""
    seen = {}
    result = set()
    in_code = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            in_code = not in_code
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if in_code or not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        result.add(slug if n == 0 else f"{slug}-{n}")
    return result


def main():
    errors = []
    links = 0
    paths = []
    for arg in sys.argv[1:]:
        paths += sorted(os.path.join(arg, f) for f in os.listdir(arg)
                        if f.endswith(".md")) if os.path.isdir(arg) else [arg]
    for path in paths:
        in_code = False
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            where = f"{path}:{number}"
            if FORBIDDEN.search(line):
                errors.append(f"{where}: error: points outside the "
                              f"repository: {line.strip()}")
            if line.startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue  # a URL
                links += 1
                file, _, anchor = target.partition("#")
                full = os.path.normpath(
                    os.path.join(os.path.dirname(path), file)) if file else path
                if not os.path.exists(full):
                    errors.append(f"{where}: error: no file {file}")
                elif anchor and full.endswith(".md") and \
                        anchor not in anchors(full):
                    errors.append(f"{where}: error: no heading #{anchor} "
                                  f"in {file or os.path.basename(path)}")
    for e in errors:
        print(e)
    if errors:
        return 1
    print(f"{links} links checked in {len(paths)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
