#!/usr/bin/env python3
"""Runs certa on a directory made by gen.py and summarises the differential.

    python3 tests/csmith/run.py DIR [--certa target/release/certa]
        [--timeout 20] [-j 2] [--json DIR/bench.json] [--keep REGRESSIONS_DIR]
        [--no-run]

Runs `certa bench DIR --no-sbe --timeout T -j J --json OUT` (every task in
its own process, LBE, certificate checked by the checker library), then
classifies each task against gcc's behaviour (the MANIFEST's verdict):

* agreement: SAFE on a safe task or UNSAFE on an unsafe one, certificate VALID;
* disagreement: a definite verdict opposite to gcc's (a soundness or
  frontend-semantics bug: the important ones), each copied into
  REGRESSIONS_DIR (default tests/csmith/regressions/) with a MANIFEST entry;
* uncertified: the right verdict but a certificate that is not VALID;
* refused: the frontend said `unsupported: ...` (counted per reason);
* rejected: any other frontend error (a parse or translation error on a
  valid C program is a frontend bug too);
* unknown: UNKNOWN, timeouts and crashes (counted per reason).

With --no-run it only summarises an existing --json file. Exit code: 1 if
there is a disagreement or an uncertified verdict, else 0. Standard library
only.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def reason_class(reason):
    """A refusal or unknown reason without its program-specific parts
    (positions, names, numbers), so that reasons can be counted."""
    line = reason.splitlines()[0] if reason else ""
    i = line.find("unsupported: ")
    if i >= 0:
        line = line[i + len("unsupported: "):]
    line = re.sub(r" at \S+:\d+:\d+", "", line)
    line = re.sub(r"`[A-Za-z_]\w*`", "`_`", line)
    line = re.sub(r"\b\d+(\.\d+)?\b", "N", line)
    return line.strip()[:100] or "(no reason)"


def classify(row):
    verdict, expected = row["verdict"], row["expected"]
    reason = row.get("reason", "")
    if verdict in ("safe", "unsafe"):
        if verdict != expected:
            return "disagreement"
        return "agreement" if row.get("check") == "VALID" else "uncertified"
    if verdict == "error":
        return "refused" if "unsupported" in reason else "rejected"
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--certa", default=os.path.join(ROOT, "target", "release", "certa"))
    ap.add_argument("--timeout", default="20")
    ap.add_argument("-j", default="2")
    ap.add_argument("--json", help="bench JSON output (default DIR/bench.json)")
    ap.add_argument("--keep", default=os.path.join(HERE, "regressions"),
                    help="where disagreements are copied (default tests/csmith/regressions)")
    ap.add_argument("--no-run", action="store_true", help="only summarise --json")
    a = ap.parse_args()
    out = a.json or os.path.join(a.dir, "bench.json")
    if not a.no_run:
        cmd = [a.certa, "bench", a.dir, "--no-sbe", "--timeout", a.timeout,
               "-j", a.j, "--json", out]
        print("$ " + " ".join(cmd), flush=True)
        r = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        open(os.path.join(a.dir, "bench.txt"), "w").write(r.stdout)
        if r.returncode != 0:
            sys.exit("run.py: certa bench exited %d" % r.returncode)
    rows = json.load(open(out))
    seeds = {}
    values = os.path.join(a.dir, "VALUES.tsv")
    if os.path.isfile(values):
        lines = [l for l in open(values).read().splitlines() if not l.startswith("#")]
        head = lines[0].split("\t")
        key = head.index("number" if "number" in head else "program")
        for line in lines[1:]:
            cols = line.split("\t")
            seeds[cols[key]] = cols[head.index("seed")]

    made_by = open(os.path.join(a.dir, "MANIFEST.tsv")).readline()
    m = re.search(r"--profile (\w+)", made_by)
    profile = "-" + m.group(1) if m else ""

    kinds = collections.Counter()
    reasons = {"refused": collections.Counter(), "rejected": collections.Counter(),
               "unknown": collections.Counter()}
    programs = collections.defaultdict(dict)
    bad = []
    for row in rows:
        k = classify(row)
        kinds[k] += 1
        if k in reasons:
            reasons[k][reason_class(row.get("reason", ""))] += 1
        programs[row["file"].split("_")[0]][row["expected"]] = k
        if k in ("disagreement", "uncertified"):
            bad.append((k, row))

    prog_kinds = collections.Counter()
    for p, ks in programs.items():
        both = set(ks.values())
        if len(both) == 1:
            prog_kinds["both " + both.pop()] += 1
        else:
            prog_kinds["mixed: " + ", ".join("%s %s" % (e, ks[e]) for e in sorted(ks))] += 1

    n = len(rows)
    print("\ncsmith differential on %s: %d programs, %d tasks" % (a.dir, len(programs), n))
    for k in ("agreement", "disagreement", "uncertified", "refused", "rejected", "unknown"):
        print("  %-13s %4d tasks" % (k, kinds[k]))
    print("per program (safe and unsafe variant):")
    for k, c in sorted(prog_kinds.items(), key=lambda kv: -kv[1]):
        print("  %4d  %s" % (c, k))
    for k in ("refused", "rejected", "unknown"):
        if reasons[k]:
            print("%s tasks by reason:" % k)
            for why, c in reasons[k].most_common():
                print("  %4d  %s" % (c, why))
    agreed = [r["seconds"] for r in rows if classify(r) == "agreement"]
    if agreed:
        agreed.sort()
        print("agreements: median %.2f s, max %.2f s" % (agreed[len(agreed) // 2], agreed[-1]))

    if bad:
        print("\nDISAGREEMENTS / UNCERTIFIED VERDICTS:")
        os.makedirs(a.keep, exist_ok=True)
        manifest = os.path.join(a.keep, "MANIFEST.tsv")
        known = open(manifest).read() if os.path.isfile(manifest) else "file\texpected\n"
        for k, row in bad:
            num = row["file"].split("_")[0]
            name = "csmith-seed%s%s_%s" % (seeds.get(num, num), profile,
                                            row["file"].split("_", 1)[1])
            print("  %s: %s expected %s, certa %s (check %s) -> %s"
                  % (k, row["file"], row["expected"], row["verdict"], row.get("check"),
                     os.path.join(a.keep, name)))
            shutil.copy(os.path.join(a.dir, row["file"]), os.path.join(a.keep, name))
            if "\n" + name + "\t" not in "\n" + known:
                known += "%s\t%s\n" % (name, row["expected"])
        open(manifest, "w").write(known)
        sys.exit(1)


if __name__ == "__main__":
    main()
