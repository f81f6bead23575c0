#!/bin/sh
# The pool of opponents: strong and the frozen strong_v1 against each, on the same deals
# with the seats swapped, so every line of strong is paired with strong_v1's line.
# Usage: [JOBS=2] bench/pool.sh [DEALS] [SECONDS]   (results and logs under bench/out/pool/)
set -e
DEALS=${1:-200}
T=${2:-0.1}
JOBS=${JOBS:-1}
PY=.venv/bin/python
OUT=bench/out/pool
mkdir -p "$OUT"
for OPP in easy ismcts:$T medium random oracle; do
    NAME=$(echo "$OPP" | tr ':' '_')
    $PY bench/arena.py "strong_v1:$T" "$OPP" --deals "$DEALS" --jobs "$JOBS" --log "$OUT/v1_$NAME.jsonl" \
        > "$OUT/v1_$NAME.txt"
    $PY bench/arena.py "strong:$T" "$OPP" --deals "$DEALS" --jobs "$JOBS" --log "$OUT/v2_$NAME.jsonl" \
        --against "$OUT/v1_$NAME.jsonl" > "$OUT/v2_$NAME.txt"
done
$PY bench/arena.py "ismcts:$T" easy --deals "$DEALS" --jobs "$JOBS" --log "$OUT/ismcts_easy.jsonl" \
    > "$OUT/ismcts_easy.txt"
