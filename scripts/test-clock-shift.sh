#!/usr/bin/env bash
# Runs the test suite with the machine's clock moved, so no test can depend on the
# real date, weekday or hour. Each run starts libfaketime's clock at the given instant and lets
# it run on: a week before the e2e server's CLOCK_START, a year after it, and a Saturday night
# India time. Needs Debian's `faketime` package (`apt-get install -y faketime`).
#
#   bash scripts/test-clock-shift.sh              # the three runs of `npm test`
#   bash scripts/test-clock-shift.sh npm run test:e2e   # the three runs of another command
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v faketime >/dev/null 2>&1; then
  echo "faketime is missing: apt-get install -y faketime" >&2
  exit 1
fi

command=("$@")
[ ${#command[@]} -eq 0 ] && command=(npm test)

# Instants in UTC. CLOCK_START of the e2e server is 2026-11-23T06:00:00Z (a Monday).
declare -A instants=(
  ["a week before CLOCK_START"]="2026-11-16 06:00:00"
  ["a year after CLOCK_START"]="2027-11-23 06:00:00"
  ["Saturday night India time (23:30 IST)"]="2026-11-28 18:00:00"
)

failed=0
for label in "a week before CLOCK_START" "a year after CLOCK_START" "Saturday night India time (23:30 IST)"; do
  at="${instants[$label]}"
  echo
  echo "════ ${label}: machine clock starts at ${at} UTC ════"
  # A relative offset (not an absolute start) keeps every process of the run on the same moved
  # clock; only the wall clock moves, monotonic timers stay real. Chromium runs on the real
  # clock with Playwright's clock emulation instead (see tests/e2e/test.ts).
  offset=$(( $(date -u -d "${at}" +%s) - $(date -u +%s) ))
  [ "${offset:0:1}" = "-" ] || offset="+${offset}"
  if TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "${offset}" bash -c 'date -u; "$@"' _ "${command[@]}"; then
    echo "════ ${label}: passed"
  else
    echo "════ ${label}: FAILED"
    failed=1
  fi
done
exit $failed
