#!/usr/bin/env bash
# Regenerates Sources/FirestoreWire/Generated/ from the .proto files beside this
# script. See specs/proto/README.md for how to build the two plugins.
#
# Usage: specs/proto/generate.sh [PLUGIN_DIR]
#   PLUGIN_DIR (or env PLUGIN_DIR) holds protoc-gen-swift and
#   protoc-gen-grpc-swift-2; default: /work/scratch-protoc/.build/release.
#   Env PROTOC (default: protoc) picks the compiler; env WKT_INCLUDE the folder
#   holding google/protobuf/*.proto (default: found next to protoc, else
#   /usr/include).
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "${script_dir}/../.." && pwd)"
out_dir="${repo_root}/Sources/FirestoreWire/Generated"

plugin_dir="${1:-${PLUGIN_DIR:-/work/scratch-protoc/.build/release}}"
plugin_dir="$(cd "${plugin_dir}" && pwd)"
protoc_bin="${PROTOC:-protoc}"

for plugin in protoc-gen-swift protoc-gen-grpc-swift-2; do
  if [[ ! -x "${plugin_dir}/${plugin}" ]]; then
    echo "error: ${plugin_dir}/${plugin} not found or not executable" >&2
    echo "       build it as described in specs/proto/README.md" >&2
    exit 1
  fi
done
command -v "${protoc_bin}" > /dev/null || {
  echo "error: ${protoc_bin} not found (apt-get install -y protobuf-compiler libprotobuf-dev)" >&2
  exit 1
}

# The well-known types (timestamp, struct, wrappers, empty, any, duration) ship
# with protoc; Debian puts them in /usr/include (package libprotobuf-dev).
if [[ -z "${WKT_INCLUDE:-}" ]]; then
  protoc_dir="$(dirname "$(command -v "${protoc_bin}")")"
  if [[ -f "${protoc_dir}/../include/google/protobuf/timestamp.proto" ]]; then
    WKT_INCLUDE="$(cd "${protoc_dir}/../include" && pwd)"
  else
    WKT_INCLUDE=/usr/include
  fi
fi
if [[ ! -f "${WKT_INCLUDE}/google/protobuf/timestamp.proto" ]]; then
  echo "error: google/protobuf/timestamp.proto not found under ${WKT_INCLUDE}" >&2
  exit 1
fi

echo "protoc: $("${protoc_bin}" --version)"
echo "plugins: ${plugin_dir}"
echo "output: ${out_dir}"

cd "${script_dir}"
mapfile -t protos < <(find google -name '*.proto' | LC_ALL=C sort)

# Start from an empty folder so that files of removed protos do not linger.
mkdir -p "${out_dir}"
find "${out_dir}" -maxdepth 1 -type f -name '*.swift' -delete

# Only protos that declare a service get a .grpc.swift file (the gRPC plugin
# would otherwise write an empty one per proto).
mapfile -t service_protos < <(grep -l -E '^service ' "${protos[@]}")

# Messages: package-level types (the server, the benchmarks and the tests use them), one flat
# file per proto (google_firestore_v1_document.pb.swift, ...).
"${protoc_bin}" \
  -I "${script_dir}" \
  -I "${WKT_INCLUDE}" \
  --plugin=protoc-gen-swift="${plugin_dir}/protoc-gen-swift" \
  --swift_out="${out_dir}" \
  --swift_opt=Visibility=Package \
  --swift_opt=UseAccessLevelOnImports=true \
  --swift_opt=FileNaming=PathToUnderscores \
  "${protos[@]}"

# Service: server and client stubs (the client is for tests and benchmarks), package-level too.
"${protoc_bin}" \
  -I "${script_dir}" \
  -I "${WKT_INCLUDE}" \
  --plugin=protoc-gen-grpc-swift-2="${plugin_dir}/protoc-gen-grpc-swift-2" \
  --grpc-swift-2_out="${out_dir}" \
  --grpc-swift-2_opt=Visibility=Package \
  --grpc-swift-2_opt=UseAccessLevelOnImports=true \
  --grpc-swift-2_opt=Server=true \
  --grpc-swift-2_opt=Client=true \
  --grpc-swift-2_opt=FileNaming=PathToUnderscores \
  "${service_protos[@]}"

echo "generated:"
(cd "${out_dir}" && ls -1 *.swift)
