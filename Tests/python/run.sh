#!/usr/bin/env bash
# Runs the Python acceptance tests against `hearth serve`.
# HEARTH_BIN must name the server binary (it is started as `$HEARTH_BIN serve --port P --data DIR`).
# The venv lives in .build/pyenv/venv at the package root and is reused when present.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${HEARTH_PYENV:-$root/.build/pyenv/venv}"
if [ -z "${HEARTH_BIN:-}" ]; then
    echo "run.sh: set HEARTH_BIN to the server binary (e.g. .build/debug/hearth)" >&2
    exit 2
fi
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
stamp="$venv/.requirements"
if ! cmp -s "$here/requirements.txt" "$stamp" 2>/dev/null; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
    cp "$here/requirements.txt" "$stamp"
fi
cd "$here"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@"
