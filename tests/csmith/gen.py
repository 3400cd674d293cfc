#!/usr/bin/env python3
"""Generates Csmith programs as SV-COMP-style verification tasks for certa.

For each seed, csmith writes a random C program free of undefined behaviour;
its main calls func_1() and then hashes every global. This script replaces
that main:

* gcc -O0 runs the program with a main that prints each global after func_1();
* NNN_safe.i calls func_1() and then, for every global g with gcc's final
  value v, `if (g != v) reach_error();` -- reach_error is unreachable;
* NNN_unsafe.i is the same with one comparison flipped to `if (g == v)`
  (a global that func_1 changed, when there is one) -- reach_error is
  reachable, and only through the exact value.

The programs are preprocessed (gcc -E -P, x86_64 LP64) against
tests/csmith/include/csmith.h (fixed-width types and csmith's own
safe_math.h wrappers, no checksum or printf runtime), then every function,
global and declaration that main does not reach is dropped. Both variants
are compiled and run with gcc once more to confirm that the safe one does
not reach reach_error and the unsafe one does.

Output in DIR: NNN_safe.i, NNN_unsafe.i, MANIFEST.tsv (file<TAB>expected,
as `certa bench` reads it) and VALUES.tsv (seed, global, type, gcc's value,
which comparison the unsafe variant flips). Needs csmith and its headers
(Debian: csmith, libcsmith-dev) and gcc. Python standard library only.

    python3 tests/csmith/gen.py OUT_DIR -n 200 [--seed 1] [--profile linear|full]
        [--memory] [--max-lines 400]
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHIM = os.path.join(HERE, "include")

# Features certa's C frontend does not model (pointers, structs, floats,
# ...), and sizes that keep programs small. Everything else (the operators,
# compound assignments, ++/--, comma operators, const, 64-bit math, loops,
# calls) stays as csmith chooses.
CSMITH_OPTIONS = [
    "--no-pointers", "--no-structs", "--no-unions", "--no-bitfields",
    "--no-volatiles", "--no-volatile-pointers", "--no-const-pointers",
    "--no-packed-struct", "--no-float", "--no-argc", "--no-jumps",
    "--no-arrays", "--no-builtins", "--no-inline-function",
    "--max-funcs", "3", "--max-block-depth", "2",
    "--max-expr-complexity", "4", "--max-block-size", "3",
]

# With --memory: pointers, structs and arrays as csmith chooses them (the
# memory model of issue 24); unions, bit-fields and the rest stay off.
MEMORY_ENABLES = ("--no-pointers", "--no-structs", "--no-arrays")


def csmith_options(memory):
    return [o for o in CSMITH_OPTIONS if not (memory and o in MEMORY_ENABLES)]


# The header every task starts with, as corpus/c/*.c declare these.
PRELUDE = "extern void abort(void);\nextern void reach_error(void);\n"

TYPES = {
    "int8_t": (True, 8), "int16_t": (True, 16), "int32_t": (True, 32),
    "int64_t": (True, 64), "uint8_t": (False, 8), "uint16_t": (False, 16),
    "uint32_t": (False, 32), "uint64_t": (False, 64),
}

KEYWORDS = {
    "auto", "break", "case", "char", "const", "continue", "default", "do",
    "double", "else", "enum", "extern", "float", "for", "goto", "if",
    "inline", "int", "long", "register", "restrict", "return", "short",
    "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
    "unsigned", "void", "volatile", "while", "_Bool", "__attribute__",
}


def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


# ---------------------------------------------------------------------------
# Splitting preprocessed C into top-level items, and dropping unused ones.

TOKEN = re.compile(
    r"\s+|[A-Za-z_]\w*|0[xX][0-9a-fA-F]+\w*|\d+\w*|'(?:\\.|[^'\\])*'|"
    r'"(?:\\.|[^"\\])*"|.', re.S)


def top_level_items(text):
    """Top-level declarations and function definitions of preprocessed C,
    each as (text, tokens)."""
    items, start, depth, toks = [], 0, 0, []
    for m in TOKEN.finditer(text):
        t = m.group()
        if t.isspace():
            continue
        toks.append(t)
        if t in "({[":
            depth += 1
        elif t in ")}]":
            depth -= 1
        # A function body's `}` ends its definition; an initialiser's or a
        # type's `}` does not (their `;` does).
        body_end = (t == "}" and toks[0] != "typedef"
                    and "=" not in toks[:toks.index("{")])
        if depth == 0 and (t == ";" or body_end):
            items.append((text[start:m.end()].strip(), toks))
            start, toks = m.end(), []
    rest = text[start:].strip()
    if rest:
        raise ValueError("unterminated top-level item: " + rest[:80])
    return items


def declared_name(toks, typedefs):
    """The name an item declares: a typedef's last identifier, otherwise the
    first identifier before any `{` or `=` that is neither a keyword nor a
    type name."""
    if toks[0] == "typedef":
        return [t for t in toks if re.match(r"[A-Za-z_]", t)][-1]
    for t in toks:
        if t in "{=":
            break
        if re.match(r"[A-Za-z_]\w*$", t) and t not in KEYWORDS and t not in typedefs:
            return t
    return None


def shake(text, roots=("main",)):
    """Keeps the typedefs and every item that `roots` reach by name."""
    items, typedefs, named = top_level_items(text), set(), []
    for body, toks in items:
        name = declared_name(toks, typedefs)
        if toks[0] == "typedef":
            typedefs.add(name)
        named.append((name, body, toks))
    by_name = {}
    for i, (name, _, _) in enumerate(named):
        by_name.setdefault(name, []).append(i)
    keep, todo = set(), [i for r in roots for i in by_name.get(r, [])]
    while todo:
        i = todo.pop()
        if i in keep:
            continue
        keep.add(i)
        for t in named[i][2]:
            todo.extend(by_name.get(t, []))
    return "\n".join(body for i, (_, body, toks) in enumerate(named)
                     if i in keep or toks[0] == "typedef") + "\n"


# ---------------------------------------------------------------------------
# One program.

GLOBAL = re.compile(
    r"^(?:static\s+)?(?:const\s+)?(u?int(?:8|16|32|64)_t)\s+(?:const\s+)?(g_\d+)\s*=", re.M)
CRC = re.compile(r"transparent_crc\((g_\d+),")


def c_literal(value, signed, bits):
    """A C literal of `value` whose type holds it exactly (long long or
    unsigned long long), so that `g != literal` compares exact values."""
    if not signed:
        return "%dULL" % value
    if value == -(1 << 63):
        return "(-9223372036854775807LL - 1)"
    return "%dLL" % value if value >= 0 else "(%dLL)" % value


class Skip(Exception):
    pass


# Profiles: `full` keeps csmith's operator mix; `linear` (linear.prob) never
# picks `*`, `/`, `%`, `&`, `|`, `^`, `<<`, `>>`, which csmith applies
# through safe_math.h wrappers whose operands are variables there, so that
# certa's frontend (linear arithmetic only) refuses fewer programs.
PROFILES = {
    "full": [],
    "linear": ["--probability-configuration", os.path.join(HERE, "linear.prob"),
               "--no-compound-assignment"],
}


def generate_one(seed, work, profile="linear", memory=False):
    """Returns (core, globals) for one seed: the preprocessed program
    without main and [(name, type)] of the globals csmith checksums."""
    src = os.path.join(work, "p.c")
    r = sh(["csmith", "--seed", str(seed), "-o", src] + csmith_options(memory) + PROFILES[profile],
           timeout=60)
    if r.returncode != 0:
        raise Skip("csmith failed: " + r.stderr.strip()[:200])
    text = open(src).read()
    m = re.search(r"^int main \(void\)\n\{", text, re.M)
    if not m:
        raise Skip("no main")
    main_and_rest = text[m.start():]
    names = CRC.findall(main_and_rest)
    types = {n: t for t, n in GLOBAL.findall(text)}
    if not names:
        raise Skip("no globals")
    missing = [n for n in names if n not in types]
    if missing:
        raise Skip("global of an unexpected type: " + ", ".join(missing))
    body = text[:m.start()]
    with open(src, "w") as f:
        f.write(body)
    r = sh(["gcc", "-E", "-P", "-I", SHIM, "-I", "/usr/include/csmith", src])
    if r.returncode != 0:
        raise Skip("gcc -E failed: " + r.stderr.strip()[:200])
    # Only what func_1 and the globals need (safe_math.h defines every
    # wrapper, float ones included).
    return shake(r.stdout, ["func_1"] + names), [(n, types[n]) for n in names]


def gcc_run(core, globs, work, call_func_1):
    """Compiles the program with gcc -O0 and a main that prints every global
    (after func_1() if `call_func_1`) and runs it: the values, in order."""
    prints = "".join(
        '  printf("%%%s\\n", (%s)%s);\n'
        % ("lld" if TYPES[t][0] else "llu",
           "long long" if TYPES[t][0] else "unsigned long long", n)
        for n, t in globs)
    prog = (core + "int printf(const char *, ...);\n" + "int main(void) {\n"
            + ("  func_1();\n" if call_func_1 else "") + prints + "  return 0;\n}\n")
    c, exe = os.path.join(work, "ref.c"), os.path.join(work, "ref")
    open(c, "w").write(prog)
    r = sh(["gcc", "-O0", "-w", "-o", exe, c])
    if r.returncode != 0:
        raise Skip("gcc failed on the reference: " + r.stderr.strip()[:300])
    try:
        r = sh([exe], timeout=10)
    except subprocess.TimeoutExpired:
        raise Skip("reference run longer than 10 s")
    if r.returncode != 0:
        raise Skip("reference run exit %d" % r.returncode)
    vals = [int(v) for v in r.stdout.split()]
    if len(vals) != len(globs):
        raise Skip("reference printed %d values for %d globals" % (len(vals), len(globs)))
    return vals


def task(core, globs, vals, flip):
    """The task text: func_1(), then a reach_error check per global; the
    check of global number `flip` (if any) is inverted."""
    checks = "".join(
        "  if (%s %s %s) reach_error();\n"
        % (n, "==" if i == flip else "!=", c_literal(v, *TYPES[t]))
        for i, ((n, t), v) in enumerate(zip(globs, vals)))
    main = "int main(void) {\n  func_1();\n" + checks + "  return 0;\n}\n"
    return PRELUDE + shake(core + main)


def gcc_confirms(text, work, reaches):
    """Compiles and runs a task with gcc: does it reach reach_error as meant?"""
    c, stub, exe = (os.path.join(work, x) for x in ("t.c", "stub.c", "t"))
    open(c, "w").write(text)
    open(stub, "w").write(
        "#include <stdlib.h>\nvoid reach_error(void) { exit(42); }\n")
    r = sh(["gcc", "-O0", "-w", "-o", exe, c, stub])
    if r.returncode != 0:
        raise Skip("gcc failed on the task: " + r.stderr.strip()[:300])
    r = sh([exe], timeout=10)
    return r.returncode == (42 if reaches else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", help="output directory (created)")
    ap.add_argument("-n", type=int, default=200, help="number of programs (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="first csmith seed (default 1)")
    ap.add_argument("--profile", choices=sorted(PROFILES), default="linear",
                    help="operator mix: linear (default) or csmith's full one")
    ap.add_argument("--memory", action="store_true",
                    help="let csmith use pointers, structs and arrays")
    ap.add_argument("--max-lines", type=int, default=0,
                    help="skip tasks longer than this many lines (0: no limit)")
    a = ap.parse_args()
    for tool in ("csmith", "gcc"):
        if not shutil.which(tool):
            sys.exit("gen.py: %s not found (Debian: apt-get install csmith libcsmith-dev gcc)" % tool)
    if not os.path.isfile("/usr/include/csmith/safe_math.h"):
        sys.exit("gen.py: /usr/include/csmith/safe_math.h not found (Debian: libcsmith-dev)")
    os.makedirs(a.out, exist_ok=True)
    version = sh(["csmith", "--version"]).stdout.split("\n")[0]
    made_by = ("# made by tests/csmith/gen.py -n %d --seed %d --profile %s%s (%s; options: %s)"
               % (a.n, a.seed, a.profile, " --memory" if a.memory else "", version,
                  " ".join(csmith_options(a.memory))))
    manifest = [made_by, "file\texpected"]
    values = [made_by, "seed\tnumber\tglobal\ttype\tgcc_value\tflipped_in_unsafe"]
    made, seed, skipped = 0, a.seed, {}
    with tempfile.TemporaryDirectory() as work:
        while made < a.n:
            if seed - a.seed > 10 * a.n + 100:
                sys.exit("gen.py: too many programs skipped: %s" % skipped)
            s, seed = seed, seed + 1
            try:
                core, globs = generate_one(s, work, a.profile, a.memory)
                vals = gcc_run(core, globs, work, True)
                init = gcc_run(core, globs, work, False)
                changed = [i for i in range(len(globs)) if init[i] != vals[i]]
                flip = changed[s % len(changed)] if changed else len(globs) - 1
                safe, unsafe = task(core, globs, vals, None), task(core, globs, vals, flip)
                if a.max_lines and safe.count("\n") > a.max_lines:
                    raise Skip("longer than %d lines" % a.max_lines)
                if not gcc_confirms(safe, work, False) or not gcc_confirms(unsafe, work, True):
                    raise Skip("gcc disagrees with the generated checks")
            except (Skip, ValueError, subprocess.TimeoutExpired) as e:
                why = str(e).split(":")[0]
                skipped[why] = skipped.get(why, 0) + 1
                continue
            made += 1
            num = "%03d" % made
            for kind, text in (("safe", safe), ("unsafe", unsafe)):
                open(os.path.join(a.out, "%s_%s.i" % (num, kind)), "w").write(text)
                manifest.append("%s_%s.i\t%s" % (num, kind, kind))
            for i, ((n, t), v) in enumerate(zip(globs, vals)):
                values.append("%d\t%s\t%s\t%s\t%d\t%s" % (s, num, n, t, v, "yes" if i == flip else ""))
    open(os.path.join(a.out, "MANIFEST.tsv"), "w").write("\n".join(manifest) + "\n")
    open(os.path.join(a.out, "VALUES.tsv"), "w").write("\n".join(values) + "\n")
    print("gen.py: %d programs (%d tasks) in %s, seeds %d..%d; skipped: %s"
          % (made, 2 * made, a.out, a.seed, seed - 1,
             ", ".join("%s %d" % kv for kv in sorted(skipped.items())) or "none"))


if __name__ == "__main__":
    main()
