# shellcheck shell=bash
# Puts Node.js $MP_CI_NODE (default 24.21.0, the current LTS line; issue 17) first on PATH, for `.ci/run`
# and for anyone who wants the suite on the CI's Node: `source .ci/use-node.sh`.
# The machines ship an older Node; the npm registry's `node` package brings the official Linux/macOS
# binary. It is installed once into .ci/.node-<version>/ (gitignored) and reused; `npm ci` and `npm test`
# then run on it, so native modules (argon2) are installed for the same Node that runs the tests.
MP_CI_NODE="${MP_CI_NODE:-24.21.0}"
if [ "$(node -v 2>/dev/null)" != "v$MP_CI_NODE" ]; then
  _mp_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  _mp_tools="$_mp_root/.ci/.node-$MP_CI_NODE"
  if [ "$("$_mp_tools/node_modules/node/bin/node" -v 2>/dev/null)" != "v$MP_CI_NODE" ]; then
    rm -rf "$_mp_tools" && mkdir -p "$_mp_tools"
    # the package's preinstall fetches node-<os>-<arch>@<version>, whose bin/node is the release binary
    npm install --prefix "$_mp_tools" --no-save --no-package-lock --no-audit --no-fund "node@$MP_CI_NODE" >&2
  fi
  export PATH="$_mp_tools/node_modules/node/bin:$PATH"
  unset _mp_root _mp_tools
fi
if [ "$(node -v 2>/dev/null)" != "v$MP_CI_NODE" ]; then
  echo "use-node: could not put Node $MP_CI_NODE on PATH (found $(node -v 2>/dev/null || echo none))" >&2
  return 1 2>/dev/null || exit 1
fi
echo "use-node: $(command -v node) $(node -v), npm $(npm -v)" >&2
