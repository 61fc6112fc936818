#!/usr/bin/env bash
# Counts the public (and open) declarations of each library under Sources/ and compares them with
# Tests/public-surface.txt, so that what an app can reach only changes on purpose. A declaration is
# a line whose access modifier is public or open, after any attributes and `nonisolated(…)` (imports and `public extension` lines, which only
# group members that are counted themselves, are not). `--update` rewrites the expected counts.
set -euo pipefail
cd "$(dirname "$0")/.."
expected=Tests/public-surface.txt

count() {
    grep -rhE '^\s*((@[A-Za-z_]+|nonisolated)(\([^)]*\))?\s+)*(public|open)\s' "$1" --include='*.swift' \
        | grep -vE '^\s*(public|open)\s+(import|extension)\b|@_exported' | wc -l | tr -d ' '
}

actual=$(for dir in Sources/*/; do
    module=$(basename "$dir")
    [ -n "$(find "$dir" -name "*.swift" -print -quit)" ] || continue
    echo "$module $(count "$dir")"
done)

if [ "${1:-}" = "--update" ]; then
    echo "$actual" > "$expected"
    echo "wrote $expected"
    exit 0
fi
if ! diff <(echo "$actual") "$expected" >/dev/null; then
    echo "The public surface changed (left: now, right: $expected):"
    diff <(echo "$actual") "$expected" || true
    echo "If the change is deliberate, run Tests/public-surface.sh --update and commit the file."
    exit 1
fi
echo "public surface: as expected ($(echo "$actual" | awk '{s+=$2} END {print s}') declarations)"
