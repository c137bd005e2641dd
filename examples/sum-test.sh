#!/bin/sh
# A tiny test suite with one failing test, in TAP: the kind of noisy run that correx is put in front of
# (see run-failing-test.sh). Forty tests pass; the one that fails is the last, as failures tend to be.

# The code under test: the total of its arguments (with a bug: the loop stops one argument early).
sum() {
  total=0
  while [ "$#" -gt 1 ]; do total=$((total + $1)); shift; done
  echo "$total"
}

count=0
failed=0
# check NAME EXPECTED ARGS...: one TAP test of sum.
check() {
  count=$((count + 1))
  name=$1 expected=$2
  shift 2
  actual=$(sum "$@")
  if [ "$actual" = "$expected" ]; then
    echo "ok $count - $name"
  else
    failed=$((failed + 1))
    printf 'not ok %s - %s\n  ---\n  expected: %s\n  actual: %s\n  ...\n' "$count" "$name" "$expected" "$actual"
  fi
}

echo "TAP version 13"
zeros=""
while [ "$count" -lt 40 ]; do
  zeros="$zeros 0"
  check "sum of zeros ($((count + 1)))" 0 $zeros
done
check "sum of 2 2" 4 2 2
echo "1..$count"
echo "# pass $((count - failed))"
echo "# fail $failed"
[ "$failed" -eq 0 ]
