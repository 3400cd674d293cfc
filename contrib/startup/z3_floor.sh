#!/bin/sh
# Wall time of a minimal process that loads the verifier's libz3, builds one context and
# checks one formula (contrib/startup/z3_floor.c), 30 runs, median ms; with 4 KiB pages
# and with glibc's huge-page tunable. Needs gcc and `cargo build --release` (for the wheel).
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
lib=$(dirname "$(ls "$root"/target/wheels/z3-solver-*/lib/libz3.so.* | head -n 1)")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
gcc -O2 "$root/contrib/startup/z3_floor.c" -o "$out/z3_floor" -L"$lib" -l:"$(basename "$(ls "$lib"/libz3.so.* | head -n 1)")" -Wl,-rpath,"$lib"
"$out/z3_floor"
for tunables in "" "glibc.malloc.hugetlb=1"; do
    GLIBC_TUNABLES=$tunables python3 - "$out/z3_floor" "${tunables:-4 KiB pages}" <<'PY'
import statistics, subprocess, sys, time
ts = []
for _ in range(30):
    t = time.perf_counter()
    subprocess.run([sys.argv[1]], stdout=subprocess.DEVNULL)
    ts.append((time.perf_counter() - t) * 1000)
print("whole process (%s): %.1f ms median, %.1f min" % (sys.argv[2], statistics.median(ts), min(ts)))
PY
done
