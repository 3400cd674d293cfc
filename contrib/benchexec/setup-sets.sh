#!/bin/sh
# Makes the task sets of the benchmark definitions visible under
# contrib/benchexec/sets/<set>/c/, as symbolic links.
#
#   contrib/benchexec/setup-sets.sh [DIR]
#
# DIR is either the folder holding the development sets sv-benchmarks/,
# sv-control/ and sv-arrays/ (default: ../shared/corpus next to the
# repository), or a checkout of https://gitlab.com/sosy-lab/benchmarking/sv-benchmarks
# (it has c/properties/); then all three definitions read its c/ folder.
#
# Why links: BenchExec resolves every `property_file` of a task-definition
# file (../properties/*.prp) and refuses a task whose property file does not
# exist. The development sets leave c/properties/ out, so their files are
# linked here next to a c/properties that holds contrib/benchexec/properties/.
# A task-definition file of format_version 1.1 (some of the sets have them;
# BenchExec rejects the whole benchmark at the first one) is copied with 2.0.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
src=${1:-$here/../../../shared/corpus}
if [ ! -d "$src" ]; then
    echo "setup-sets.sh: no folder $src; give the folder of the sets or an sv-benchmarks checkout" >&2
    exit 2
fi
src=$(cd "$src" && pwd)

linked=0
for set in sv-benchmarks sv-control sv-arrays; do
    dest=$here/sets/$set
    if [ -d "$src/c/properties" ]; then
        # a full sv-benchmarks checkout
        rm -rf "$dest"
        mkdir -p "$dest"
        ln -s "$src/c" "$dest/c"
        from=$src/c
    elif [ -d "$src/$set/c" ]; then
        rm -rf "$dest"
        mkdir -p "$dest/c"
        for category in "$src/$set/c"/*/; do
            category=${category%/}
            mkdir -p "$dest/c/$(basename "$category")"
            for file in "$category"/*; do
                to=$dest/c/$(basename "$category")/$(basename "$file")
                if grep -q "^format_version: '1.1'" "$file" 2>/dev/null; then
                    # BenchExec knows the formats 0.1, 1.0, 2.0 and 2.1 and
                    # stops at the first other one. These files carry
                    # `options`, a key of 2.0: a copy that says 2.0.
                    sed "s/^format_version: '1.1'/format_version: '2.0'/" "$file" >"$to"
                else
                    ln -s "$file" "$to"
                fi
            done
        done
        if [ -d "$src/$set/c/properties" ]; then
            :
        else
            ln -s "$here/properties" "$dest/c/properties"
        fi
        from=$src/$set/c
    else
        echo "setup-sets.sh: $src has no $set/c; skipped" >&2
        continue
    fi
    echo "sets/$set/c -> $from"
    linked=$((linked + 1))
done
[ "$linked" -gt 0 ]
