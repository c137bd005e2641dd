#!/bin/sh
# Pages through a spill: bound a long output, take the id and the first omitted line from the marker, read
# the omitted part a page at a time, then search the whole saved output.
#   sh examples/page-spill.sh               (correx on PATH; from a clone: PATH="$PWD/bin:$PATH")
set -eu
bounded=$(seq 1 1000 | sed 's/^/request /' | correx bound --max-lines 8)
printf '%s\n\n' "$bounded"

# The marker's second line names the command that reads the omitted part: correx read ID --offset N.
set -- $(printf '%s\n' "$bounded" | sed -n 's/.*correx read \(tool_[0-9a-z]*\) --offset \([0-9]*\).*/\1 \2/p')
id=$1 offset=$2
page=$(correx read "$id" --offset "$offset" --limit 3)
printf '%s\n\n' "$page"

# The page ends with "Use offset=N to continue." when there is more.
next=$(printf '%s\n' "$page" | sed -n 's/.*Use offset=\([0-9]*\) to continue.*/\1/p')
correx read "$id" --offset "$next" --limit 3
echo
correx grep "$id" '^request 50[0-2]$'
