#!/usr/bin/env bash
# A production install starts: a clean clone of HEAD, `npm install --omit=dev` (no test or dev tools), then
# `npm start` (which builds, since there is no build) must serve `/`. Run by .ci/run before the tests.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill -- "-$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

git clone -q --no-local "$repo" "$work/site"
cd "$work/site"
npm install --omit=dev --no-audit --no-fund --prefer-offline >"$work/install.log" 2>&1 \
  || { echo "production install check: npm install --omit=dev failed:" >&2; tail -40 "$work/install.log" >&2; exit 1; }
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# Its own process group, so cleanup stops npm, the build and the server together.
setsid env HOST=127.0.0.1 PORT="$port" DATA_DIR="$work/data" npm start >"$work/start.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do
  if curl -fsS -o "$work/index.html" "http://127.0.0.1:$port/" 2>/dev/null; then
    grep -q '<main id="main"' "$work/index.html" && { echo "production install check: / served after npm install --omit=dev"; exit 0; }
  fi
  kill -0 "$server" 2>/dev/null || break
  sleep 1
done
echo "production install check failed; npm start said:" >&2
tail -40 "$work/start.log" >&2
exit 1
