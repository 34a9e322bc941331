#!/usr/bin/env bash
# Runs `ttc verify-game` over every file of a folder of game records and
# prints one line per file and the totals.
#
#   scripts/verify_records.sh GAME DIR [VERIFY-GAME OPTIONS...]
#
#   GAME     tzaar or surakarta
#   DIR      a folder of records (every regular file in it, sorted by name)
#   OPTIONS  passed to verify-game, e.g. --draw-rules course or --format course,
#            or (Surakarta) --tables DIR --trust to judge the moves with the
#            endgame tables
#
# Examples (the records themselves are not part of this repository; see
# REPRODUCE.md for where the public ones come from):
#   scripts/verify_records.sh tzaar data/records/littlegolem
#   scripts/verify_records.sh surakarta data/records/course --draw-rules course
#   scripts/verify_records.sh surakarta data/records/course --tables data/skt8 --trust
#
# Per file: the name, the outcome, the plies or turns replayed, and the end
# (the winner and why, or the first illegal move and why); with --tables,
# the ply from which the tables judge the moves and how many of those
# change the result (under the 50-ply rule, and without it). Outcomes:
#   complete    the record ends where the game ended (won or drawn)
#   unfinished  every move legal, the game not over at the last one
#   illegal     a move the rules refuse (malformed, illegal, or after the end)
#   error       the record could not be read (bad structure, bad header)
#   DISAGREE    the rules and audit engines disagree (a bug: please report it)
# Set TTC to use another binary (default: target/release/ttc, built if
# missing). Needs jq. Exit status 0 unless an engine disagreement or a
# failure of the script itself.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 2 ]]; then
  sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
game=$1 dir=$2
shift 2
case "$game" in
  tzaar | surakarta) ;;
  *) echo "error: GAME must be tzaar or surakarta, not '$game'" >&2; exit 2 ;;
esac
[[ -d "$dir" ]] || { echo "error: $dir is not a folder" >&2; exit 2; }
command -v jq >/dev/null || { echo "error: jq is needed (apt-get install jq)" >&2; exit 2; }
TTC=${TTC:-target/release/ttc}
if [[ ! -x "$TTC" ]]; then
  cargo build --release -p ttc -q
fi

# One summary line per file from the JSON report, as tab-separated fields:
# outcome, replayed, end, winner-or-result, note, tables (Surakarta with
# --tables: `first-ply changing changing-without-rule course-verdict`, or -).
summarise() {
  if [[ "$game" == tzaar ]]; then
    jq -r '
      (if .engines_agree | not then "DISAGREE"
       elif .illegal_turn then "illegal"
       elif .result then "complete"
       else "unfinished" end) as $o
      | [$o, "\(.turns_played) turns",
         (if .illegal_turn then "turn \(.illegal_turn.turn_number): \(.illegal_turn.reason)"
          elif .result then "\(.result.winner) wins: \(.result.reason)"
          else "\(.to_move) to move" end),
         (.result.winner // "-"), "-", "-"] | @tsv'
  else
    jq -r '
      (if .engines_agree | not then "DISAGREE"
       elif .illegal then "illegal"
       elif .result == "unfinished" then "unfinished"
       else "complete" end) as $o
      | [$o, "\(.plies) plies",
         (if .illegal then "move \(.illegal.ply): \(.illegal.reason)" else .result_text end),
         .result, (if .written_twice then "written twice" else "-" end),
         (if .tables == null then "-"
          elif .tables.first_ply == null then "none"
          else "\(.tables.first_ply) \(.tables.result_changing | length) \(.tables.result_changing_without_rule | length) \(if .tables.course_end == null then "-" elif .tables.course_end.changes_verdict then "differs" else "agrees" end)" end)] | @tsv'
  fi
}

declare -A count=()
files=0 disagree=0 reached=0 changing=0 changing_free=0 course_ends=0 course_differs=0
errfile=$(mktemp)
trap 'rm -f "$errfile"' EXIT
while IFS= read -r -d '' f; do
  files=$((files + 1))
  name=$(basename "$f")
  if json=$("$TTC" --json verify-game "$game" "$f" "$@" 2>"$errfile") || [[ -n "$json" ]]; then
    IFS=$'\t' read -r outcome replayed end result note tables < <(summarise <<<"$json")
  else
    outcome=error replayed=- end=$(head -c 200 "$errfile") result=- note=- tables=-
  fi
  judged=
  if [[ "$tables" != - && "$tables" != none ]]; then
    read -r first n n_free course <<<"$tables"
    reached=$((reached + 1)) changing=$((changing + n)) changing_free=$((changing_free + n_free))
    judged=" [tables from ply $first: $n result-changing moves, $n_free without the 50-ply rule"
    if [[ "$course" != - ]]; then
      course_ends=$((course_ends + 1))
      verb="agrees with"
      if [[ "$course" == differs ]]; then
        course_differs=$((course_differs + 1)) verb="differs from"
      fi
      judged+="; 40-ply end: the course's verdict $verb the tables'"
    fi
    judged+="]"
  fi
  count[$outcome]=$((${count[$outcome]:-0} + 1))
  if [[ "$outcome" == DISAGREE ]]; then disagree=$((disagree + 1)); fi
  if [[ "$outcome" == complete ]]; then
    count["complete $result"]=$((${count["complete $result"]:-0} + 1))
  fi
  if [[ "$note" == "written twice" ]]; then count[twice]=$((${count[twice]:-0} + 1)); fi
  printf '%-40s %-10s %-10s %s%s%s\n' "$name" "$outcome" "$replayed" "$end" \
    "$([[ "$note" == "written twice" ]] && echo " [log written twice: second copy skipped]")" "$judged"
done < <(find "$dir" -maxdepth 1 -type f -print0 | sort -z)

echo
echo "files: $files"
for k in complete unfinished illegal error DISAGREE; do
  echo "$k: ${count[$k]:-0}"
done
for k in "${!count[@]}"; do
  if [[ "$k" == complete\ * ]]; then echo "  $k: ${count[$k]}"; fi
done | sort
if [[ -n "${count[twice]:-}" ]]; then
  echo "logs written twice (second copy skipped): ${count[twice]}"
fi
if [[ " $* " == *" --tables "* ]]; then
  echo "reached the tables: $reached; result-changing moves: $changing under the 50-ply rule, $changing_free without it"
  if [[ $course_ends -gt 0 ]]; then
    echo "ended by the course's 40-ply rule inside the tables: $course_ends; the course's verdict differs from the tables' in $course_differs"
  fi
fi
[[ $disagree -eq 0 ]]
