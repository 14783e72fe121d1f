#!/usr/bin/env bash
# `./dev py313 [pytest args]`: the test suite under Python 3.13, Debian Trixie's python (the
# Python of Raspberry Pi OS based on Trixie), in a Debian Trixie root made with debootstrap.
#
# As root, on a Debian or Ubuntu machine with debootstrap (apt-get install debootstrap). The
# root is made once, in $PY313_ROOT (default /srv/chroots/trixie-amd64); each run copies this
# working tree's files (tracked and untracked, not ignored) to /src in it, keeping the .venv
# made there before, and runs `./dev test` there as root, which sets the .venv up with
# python3.13. Prints the Python, pytest's summary and the time taken.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="${PY313_ROOT:-/srv/chroots/trixie-amd64}"
source tools/chroot.sh

PACKAGES=ca-certificates,python3,python3-venv,python3-dev,gcc,libc6-dev,systemd
make_root trixie amd64 "$ROOT" "$PACKAGES"
enter_root "$ROOT"
# a root made before a package joined the list gets it now (systemd: the unit's tests)
missing=()
for package in ${PACKAGES//,/ }; do
  chroot "$ROOT" dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
    sh -c 'apt-get update -qq && apt-get install -y -qq "$@" >/dev/null' sh "${missing[@]}"
fi
mkdir -p "$ROOT/src"
find "$ROOT/src" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$ROOT/src"

started=$(date +%s)
set +e
chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 "${passed[@]}" \
  bash -c 'cd /src && python3 --version && ./dev test "$@"' py313 "$@"
rc=$?
set -e
echo "py313: exit $rc after $(($(date +%s) - started)) s (Debian Trixie, $(chroot "$ROOT" python3 --version))"
exit $rc
