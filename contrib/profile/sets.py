#!/usr/bin/env python3
"""Where the time goes on whole sets (issue 27): runs `CERTA_PROFILE=1 certa verify` on every
task of each DIR's MANIFEST.tsv, one at a time, and prints per set the median wall time, the
median and total of each phase (parse and translate, the moment the race was decided,
replays, certificate writing), how many tasks each engine won, and where the time of the
slowest tasks went. Usage, from the repository root after `cargo build --release --bins`:

    python3 contrib/profile/sets.py DIR... [--timeout S] [--certa PATH] [--json OUT]

The phases are those of engine/src/profile.rs; a lane that was cancelled and had not
finished when the answer was written has no span of its own."""
import json, os, re, statistics, subprocess, sys, tempfile, time

args = sys.argv[1:]


def option(name, default):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
timeout = option('--timeout', '10')
certa = option('--certa', os.path.join(root, 'target', 'release', 'certa'))
json_out = option('--json', None)
tmp = tempfile.mkdtemp(prefix='certa-profile-')
SPAN = re.compile(r'^certa: profile\s+([0-9.]+)\s+([0-9.]+)?\s*(.*)$')


def tasks(d):
    with open(os.path.join(d, 'MANIFEST.tsv')) as f:
        header = f.readline().rstrip('\n').split('\t')
        for line in f:
            row = dict(zip(header, line.rstrip('\n').split('\t')))
            yield os.path.join(d, row.get('path_of_yml') or row.get('file'))


def profile(path):
    env = dict(os.environ, CERTA_PROFILE='1')
    out = os.path.join(tmp, 'cert.json')
    t = time.perf_counter()
    r = subprocess.run([certa, 'verify', path, '--timeout', timeout, '-o', out],
                       capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t
    spans = {}
    for line in r.stderr.splitlines():
        m = SPAN.match(line)
        if m and m.group(3) and m.group(3) != 'phase':
            start, length, phase = float(m.group(1)), float(m.group(2) or 0), m.group(3)
            spans.setdefault(phase, (start, length))
    verdict = (r.stdout.split() or ['?'])[0]
    by = re.search(r' by (\S+)', r.stdout)
    return {'task': path, 'wall_ms': wall * 1000, 'verdict': verdict,
            'by': by.group(1) if by else '-', 'spans': spans}


def med(xs):
    return statistics.median(xs) if xs else 0.0


rows_all = []
for d in args:
    rows = [profile(p) for p in tasks(d)]
    rows_all += rows
    name = os.path.basename(os.path.normpath(d))
    walls = [r['wall_ms'] for r in rows]
    print(f'== {name}: {len(rows)} tasks, timeout {timeout} s; wall ms median {med(walls):.1f}, '
          f'total {sum(walls) / 1000:.1f} s')
    verdicts = {}
    for r in rows:
        verdicts[r['verdict']] = verdicts.get(r['verdict'], 0) + 1
    winners = {}
    for r in rows:
        winners[r['by']] = winners.get(r['by'], 0) + 1
    print('   verdicts: ' + ', '.join(f'{k} {v}' for k, v in sorted(verdicts.items())))
    print('   won by:   ' + ', '.join(f'{k} {v}' for k, v in sorted(winners.items())))
    phases = {}
    for r in rows:
        for phase, (start, length) in r['spans'].items():
            phases.setdefault(phase, []).append((start, length))
    print(f'   {"phase":34} {"tasks":>5} {"median ms":>10} {"total s":>9} {"share":>6}')
    total = sum(walls) / 1000
    for phase in sorted(phases, key=lambda p: -sum(l for _, l in phases[p])):
        lengths = [l for _, l in phases[phase]]
        if phase.startswith('race') or phase == 'report':
            # A moment: report when it happened.
            at = [s for s, _ in phases[phase]]
            print(f'   {phase + " (at)":34} {len(at):>5} {med(at):>10.1f} {"":>9} {"":>6}')
            continue
        share = sum(lengths) / 1000 / total if total else 0
        print(f'   {phase:34} {len(lengths):>5} {med(lengths):>10.2f} {sum(lengths) / 1000:>9.2f} '
              f'{share:>6.1%}')
    print('   slowest:')
    for r in sorted(rows, key=lambda r: -r['wall_ms'])[:5]:
        top = sorted(r['spans'].items(), key=lambda kv: -kv[1][1])[:3]
        where = ', '.join(f'{p} {l:.0f} ms' for p, (_, l) in top)
        print(f'     {os.path.relpath(r["task"], d):44} {r["wall_ms"]:8.0f} ms {r["verdict"]:8} '
              f'by {r["by"]:10} {where}')
if json_out:
    with open(json_out, 'w') as f:
        json.dump(rows_all, f, indent=1)
