#!/usr/bin/env python3
"""higgs.h as one file: its implementation parts (#include "src/..." and "tools/grids_table.h"
under HIGGS_IMPLEMENTATION) pasted in place, for embedding higgs.c's library in another project
as a single stb-style header, and for the tests that read the C tables.
    python3 tools/amalgamate.py [OUT]     (default: stdout)"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PART = re.compile(r'^#include "((?:src|tools)/[A-Za-z0-9_]+\.h)".*$', re.M)


def source(root=ROOT):
    """the text of higgs.h with every implementation part in place"""
    with open(os.path.join(root, "higgs.h"), encoding="utf-8") as f:
        text = f.read()

    def part(m):
        with open(os.path.join(root, m.group(1)), encoding="utf-8") as f:
            return f"/* ---- {m.group(1)} ---- */\n" + f.read().rstrip("\n")
    return PART.sub(part, text)


if __name__ == "__main__":
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1] in ("-h", "--help")):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) == 2 else 1)
    out = source()
    if len(sys.argv) == 2:
        tmp = sys.argv[1] + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(out)
        os.replace(tmp, sys.argv[1])
    else:
        sys.stdout.write(out)
