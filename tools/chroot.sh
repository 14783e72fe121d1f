# Sourced by tools/py313_check.sh and tools/pi_chroot_check.sh: a Debian root made once with
# debootstrap, the mounts a run needs (undone at exit), and the host's way out to PyPI (its
# CA bundle, pip's config and environment) lent to it. Root only.

if [ "$(id -u)" != 0 ]; then
  echo "$(basename "$0"): run as root (debootstrap, mounts and chroot need it)" >&2
  exit 2
fi
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

# make_root RELEASE ARCH ROOT PACKAGES: debootstrap it unless it is there
make_root() {
  [ -x "$3/usr/bin/python3" ] && return 0
  command -v debootstrap >/dev/null || { echo "apt-get install debootstrap" >&2; exit 2; }
  echo "making a Debian $1 $2 root in $3 (minutes natively, much longer emulated; once)"
  debootstrap --arch="$2" --variant=minbase --include="$4" "$1" "$3" "$MIRROR" >/dev/null
}

chroot_mounts=()
undo_mounts() {
  for ((i = ${#chroot_mounts[@]} - 1; i >= 0; i--)); do umount "${chroot_mounts[i]}" 2>/dev/null || true; done
}
trap undo_mounts EXIT
bind() { # bind $2 (a host path) onto $1/$3
  mkdir -p "$1$3"
  mount --bind "$2" "$1$3"
  chroot_mounts+=("$1$3")
}

# enter_root ROOT: mounts, DNS and the way out; sets `passed`, the environment to hand in
enter_root() {
  # the root a mount point of its own, as a booted system's is: a test that makes a private
  # mount namespace (unshare --propagation private) cannot change a plain folder's
  bind "$1" "$1" ""
  mount -t proc proc "$1/proc" && chroot_mounts+=("$1/proc")
  bind "$1" /dev /dev
  bind "$1" /dev/pts /dev/pts # pseudo-terminals: the serial bridge's tests open a pty pair
  mkdir -p "$HOME/.cache/pip" && bind "$1" "$HOME/.cache/pip" /root/.cache/pip
  [ -d /opt ] && bind "$1" /opt /opt # local wheel folders or indexes pip's config may name
  cp /etc/resolv.conf "$1/etc/resolv.conf"
  cp /etc/ssl/certs/ca-certificates.crt "$1/etc/ssl/certs/ca-certificates.crt"
  [ -f /etc/pip.conf ] && cp /etc/pip.conf "$1/etc/pip.conf"
  [ -d "$HOME/.config/pip" ] && mkdir -p "$1/root/.config" && cp -r "$HOME/.config/pip" "$1/root/.config/"
  passed=()
  local name
  for name in $(compgen -e); do
    case "$name" in
      PIP_* | SSL_CERT_* | REQUESTS_CA_BUNDLE | CURL_CA_BUNDLE | [Hh][Tt][Tt][Pp]*_[Pp][Rr][Oo][Xx][Yy] | [Nn][Oo]_[Pp][Rr][Oo][Xx][Yy])
        passed+=("$name=${!name}") ;;
    esac
  done
}
