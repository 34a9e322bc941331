#!/usr/bin/env bash
# Checks that every relative link of the Markdown documents (README.md,
# REPRODUCE.md, docs/*.md) points to a file or folder that exists.
# Links to web pages (scheme:...) and within the page (#...) are skipped;
# a link's #anchor is ignored. Prints each broken link; exit status 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."
broken=0
for doc in README.md REPRODUCE.md docs/*.md; do
  dir=$(dirname "$doc")
  # The target of every inline link `[text](target)`, one per line.
  while IFS= read -r target; do
    case "$target" in
      ''|'#'*|*:*) continue ;;
    esac
    path=${target%%#*}
    if [ ! -e "$dir/$path" ]; then
      echo "$doc: broken link ($target): $dir/$path does not exist"
      broken=1
    fi
  done < <(grep -o '](\([^)]*\))' "$doc" | sed 's/^](\(.*\))$/\1/')
done
if [ "$broken" = 0 ]; then
  echo "docs: every relative link resolves"
fi
exit "$broken"
