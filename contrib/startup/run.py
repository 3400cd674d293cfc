#!/usr/bin/env python3
"""Fixed cost of certa on a trivial task (issue 27): runs each command N times (default 50)
and prints the median, min and max wall time in ms. Usage, from the repository root after
`cargo build --release --bins`:

    python3 contrib/startup/run.py [N] [--golem PATH] [--bin DIR]

(--bin: the directory holding `certa` and `certa-check`; default target/release.)

Rows: the process floor (`certa --version`), `certa task`, `certa verify` with each engine,
`certa-check` of the certificate (with --source), and Golem on the CHC export of the same
task when its binary is given or found at ../shared/tools/golem/golem. `CERTA_PROFILE=1` on
one `certa verify` shows where its time goes (engine/src/profile.rs)."""
import os, statistics, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
args = sys.argv[1:]
n = int(args[0]) if args and args[0].isdigit() else 50
golem = args[args.index('--golem') + 1] if '--golem' in args else os.path.join(root, '..', 'shared', 'tools', 'golem', 'golem')
bindir = args[args.index('--bin') + 1] if '--bin' in args else os.path.join(root, 'target', 'release')
certa = os.path.join(bindir, 'certa')
check = os.path.join(bindir, 'certa-check')
task = os.path.join(root, 'corpus', 'imp', 'seed.imp')
tmp = tempfile.mkdtemp(prefix='certa-startup-')
cert = os.path.join(tmp, 'seed.cert.json')
chc = os.path.join(tmp, 'seed.smt2')


def timed(cmd):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - t) * 1000)
    return r.returncode, statistics.median(times), min(times), max(times)


rows = [
    ('certa --version (process floor)', [certa, '--version']),
    ('certa task seed.imp', [certa, 'task', task]),
    ('certa verify seed.imp (auto)', [certa, 'verify', task, '-o', cert]),
    ('certa verify seed.imp --engine pdr', [certa, 'verify', task, '--engine', 'pdr', '-o', cert]),
    ('certa verify seed.imp --engine cegar --analysis predicate --no-invariants',
     [certa, 'verify', task, '--engine', 'cegar', '--analysis', 'predicate', '--no-invariants', '-o', cert]),
]
subprocess.run([certa, 'verify', task, '-o', cert], stdout=subprocess.DEVNULL, check=True)
rows.append(('certa-check seed.cert.json --source seed.imp', [check, cert, '--source', task]))
if os.path.exists(golem):
    subprocess.run([certa, 'export', task, '--to', 'chc', '-o', chc], check=True)
    rows.append(('golem seed.smt2 (its default engine)', [golem, chc]))
print(f'{n} runs each; wall ms: median  min  max  (exit code)')
for name, cmd in rows:
    rc, med, lo, hi = timed(cmd)
    print(f'{med:8.1f} {lo:6.1f} {hi:7.1f}  ({rc})  {name}')
