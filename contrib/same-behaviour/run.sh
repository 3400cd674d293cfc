#!/bin/bash
# Runs one build of certa and certa-check over every corpus program (verify with --json and
# binary output, check with and without --source, dot, replay, witness, harness, task,
# export) and keeps every output, so two builds can be compared with compare.py:
#   contrib/same-behaviour/run.sh /tmp/old-bin /tmp/out-old
#   contrib/same-behaviour/run.sh target/release /tmp/out-new
#   python3 contrib/same-behaviour/compare.py /tmp/out-old /tmp/out-new
# Certificates must be byte-identical; other outputs are compared with times, query counts
# (the race's losing lanes are cancelled at a moment that varies), witness uuids and
# output paths masked. Run the old build twice to see what varies by itself.
BIN=$(realpath "$1"); OUT=$(realpath -m "$2"); cd "$(dirname "$0")/../../corpus" || exit 3
mkdir -p $OUT
one() {
  f=$1; n=$(echo $f | tr '/' '_'); o=$OUT/$n
  $BIN/certa verify $f -o $o.cert.json --timeout 20 --json > $o.verify.json 2> $o.verify.err; echo $? > $o.verify.rc
  $BIN/certa verify $f -o $o.cert.bin.cert --timeout 20 > $o.verify.txt 2>&1; echo $? >> $o.verify.rc
  if [ -f $o.cert.json ]; then
    $BIN/certa-check $o.cert.json --source $f > $o.check.txt 2>&1; echo $? > $o.check.rc
    $BIN/certa-check $o.cert.json > $o.check2.txt 2>&1; echo $? >> $o.check.rc
    $BIN/certa dot $o.cert.json > $o.dot 2>&1
    $BIN/certa replay $o.cert.json > $o.replay 2>&1
    case $f in *.c|*.i) $BIN/certa witness $o.cert.json --source $f > $o.witness.yml 2>&1; $BIN/certa harness $o.cert.json --source $f > $o.harness.c 2>&1;; esac
    $BIN/certa export $o.cert.json --to chc-model > $o.model 2>&1
  fi
  $BIN/certa task $f > $o.task 2>&1
  $BIN/certa export $f --to chc > $o.chc 2>&1
}
export -f one; export BIN OUT
( awk 'NR>1{print $1}' MANIFEST.tsv; awk 'NR>1{print "sv-overflow/"$1}' sv-overflow/MANIFEST.tsv; ls ts/*.ts seed/*.json err/* overflow/*.c ) | sort -u | xargs -P 2 -I{} bash -c 'one {}'
