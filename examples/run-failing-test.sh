#!/bin/sh
# Wraps a failing test run for a model: the passing noise in the middle is cut, the failure at the end is
# kept with how the run ended, the full log is saved for `correx read`, and the exit status is the run's own.
#   sh examples/run-failing-test.sh          (correx on PATH; from a clone: PATH="$PWD/bin:$PATH")
exec correx run --tool bash --max-lines 20 -- sh "$(dirname "$0")/sum-test.sh"
