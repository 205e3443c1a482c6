# shellcheck shell=bash
# Puts Node.js $MP_CI_NODE (default 24.21.0, the current LTS line; issue 17) first on PATH, for `.ci/run`
# and for anyone who wants the suite on the CI's Node: `source .ci/use-node.sh`.
# The machines ship an older Node. The npm registry's `node` package wraps one official release binary
# per platform, published as `node-<os>-<arch>` (bin/node plus the headers in include/); that package is
# installed directly (no install script has to run) into .ci/.node-<version>/ (gitignored) and reused.
# `npm ci` and `npm test` then run on it, and node-gyp builds against its headers (npm_config_nodedir),
# so native modules (argon2) are installed for the same Node that runs the tests.
MP_CI_NODE="${MP_CI_NODE:-24.21.0}"
if [ "$(node -v 2>/dev/null)" != "v$MP_CI_NODE" ]; then
  _mp_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  _mp_tools="$_mp_root/.ci/.node-$MP_CI_NODE"
  case "$(uname -m)" in x86_64 | amd64) _mp_arch=x64 ;; aarch64 | arm64) _mp_arch=arm64 ;; *) _mp_arch="$(uname -m)" ;; esac
  _mp_pkg="node-$(uname -s | tr '[:upper:]' '[:lower:]')-$_mp_arch"
  _mp_home="$_mp_tools/node_modules/$_mp_pkg"
  if [ "$("$_mp_home/bin/node" -v 2>/dev/null)" != "v$MP_CI_NODE" ]; then
    rm -rf "$_mp_tools" && mkdir -p "$_mp_tools"
    npm install --prefix "$_mp_tools" --no-save --no-package-lock --no-audit --no-fund "$_mp_pkg@$MP_CI_NODE" >&2
  fi
  export PATH="$_mp_home/bin:$PATH"
  export npm_config_nodedir="$_mp_home"
  unset _mp_root _mp_tools _mp_arch _mp_pkg _mp_home
fi
if [ "$(node -v 2>/dev/null)" != "v$MP_CI_NODE" ]; then
  echo "use-node: could not put Node $MP_CI_NODE on PATH (found $(node -v 2>/dev/null || echo none))" >&2
  return 1 2>/dev/null || exit 1
fi
echo "use-node: $(command -v node) $(node -v), npm $(npm -v)" >&2
