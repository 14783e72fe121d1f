#!/usr/bin/env bash
# `tools/pi_chroot_check.sh trixie|bookworm [ROOT]`: `./dev pi-install` run as a Pi owner
# would, twice, in a Debian arm64 root under qemu-user-static, from a fresh clone of this
# repository's HEAD (commit first: the working tree's changes are not in a clone).
#
# As root, with debootstrap, qemu-user-static and binfmt-support installed. The root
# (default /srv/chroots/RELEASE-arm64) is made once: hours under emulation on a small machine.
# It is plain Debian, not Raspberry Pi OS (whose archive.raspberrypi.com packages, raspi-config
# among them, it lacks): an ordinary user `player` with passwordless sudo, as Imager makes, and
# a /boot/firmware shaped like Raspberry Pi OS's (config.txt, cmdline.txt). sudo inside needs
# qemu's binfmt entry to honour setuid (flag C): this script registers it so if it is not.
# systemd does not run in a chroot: the unit is written and enabled, not started.
set -euo pipefail
cd "$(dirname "$0")/.."
RELEASE="${1:?usage: tools/pi_chroot_check.sh trixie|bookworm [ROOT]}"
ROOT="${2:-/srv/chroots/$RELEASE-arm64}"
APP=/home/player/table-companion
source tools/chroot.sh

binfmt=/proc/sys/fs/binfmt_misc/qemu-aarch64
[ -e "$binfmt" ] || { echo "no qemu-aarch64 binfmt: apt-get install qemu-user-static binfmt-support" >&2; exit 2; }
if ! grep -q '^flags: .*C' "$binfmt"; then
  echo "registering qemu-aarch64 with flags POCF (setuid binaries such as sudo work inside)"
  magic=$(sed -n 's/^magic //p' "$binfmt" | sed 's/../\\x&/g')
  mask=$(sed -n 's/^mask //p' "$binfmt" | sed 's/../\\x&/g')
  interpreter=$(sed -n 's/^interpreter //p' "$binfmt")
  echo -1 >"$binfmt"
  echo ":qemu-aarch64:M::$magic:$mask:$interpreter:POCF" >/proc/sys/fs/binfmt_misc/register
fi

make_root "$RELEASE" arm64 "$ROOT" sudo,ca-certificates,python3,systemd,udev
enter_root "$ROOT"
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }
in_root bash -c 'command -v systemctl >/dev/null && command -v sudo >/dev/null' ||
  in_root bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends sudo systemd udev >/dev/null'
grep -q '^player:' "$ROOT/etc/passwd" || in_root useradd -m -s /bin/bash player
echo 'player ALL=(ALL) NOPASSWD: ALL' >"$ROOT/etc/sudoers.d/010_player-nopasswd"
chmod 0440 "$ROOT/etc/sudoers.d/010_player-nopasswd"
grep -q "$(cat /etc/hostname)" "$ROOT/etc/hosts" 2>/dev/null || echo "127.0.1.1 $(cat /etc/hostname)" >>"$ROOT/etc/hosts"
[ -d "$HOME/.config/pip" ] && mkdir -p "$ROOT/home/player/.config" && cp -r "$HOME/.config/pip" "$ROOT/home/player/.config/"
mkdir -p "$ROOT/boot/firmware"
cat >"$ROOT/boot/firmware/config.txt" <<'EOF'
# For more options and information see
# http://rptl.io/configtxt
# Some settings may impact device functionality. See link above for details

# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

# Automatically load overlays for detected DSI displays
display_auto_detect=1

# Automatically load initramfs files, if found
auto_initramfs=1

# Enable DRM VC4 V3D driver
dtoverlay=vc4-kms-v3d
max_framebuffers=2

# Don't have the firmware create an initial video= setting in cmdline.txt.
# Use the kernel's default instead.
disable_fw_kms_setup=1

# Run in 64-bit mode
arm_64bit=1

# Disable compensation for displays with overscan
disable_overscan=1

# Run as fast as firmware / board allows
arm_boost=1

[cm4]
# Enable host mode on the 2711 built-in XHCI USB controller.
# This line should be removed if the legacy DWC2 controller is required
# (e.g. for USB device mode) or if USB support is not required.
otg_mode=1

[cm5]
dtoverlay=dwc2,dr_mode=host

[all]
EOF
echo "console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 fsck.repair=yes rootwait" >"$ROOT/boot/firmware/cmdline.txt"

rm -rf "$ROOT$APP"
git clone -q --no-hardlinks . "$ROOT$APP"
in_root chown -R player:player "$APP" /home/player/.config

as_player() {
  chroot --userspec=player:player "$ROOT" /usr/bin/env -i HOME=/home/player USER=player LOGNAME=player \
    PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 "${passed[@]}" bash -c "cd $APP && $*"
}
echo "== $RELEASE arm64: $(in_root python3 --version), HEAD $(git rev-parse --short HEAD)"
for run in first second; do
  started=$(date +%s)
  echo "== ./dev pi-install, $run run"
  as_player ./dev pi-install
  echo "== $run run took $(($(date +%s) - started)) s"
done
echo "== what it left"
in_root bash -c "id player; systemctl is-enabled companion.service; grep -n 'spi=on' /boot/firmware/config.txt; cat /boot/firmware/cmdline.txt; ls /etc/udev/rules.d"
# from /tmp: lgpio makes its notification files in the working directory. RPi.GPIO refuses
# to import off a Pi, so only its compiled module is looked for.
as_player 'cd /tmp && $OLDPWD/.venv/bin/python -c "import importlib.util, kivy, spidev, lgpio, gpiozero; assert importlib.util.find_spec(\"RPi._GPIO\"); print(\"imports ok: kivy\", kivy.__version__, \"lgpio\", lgpio.LGPIO_PY_VERSION)"'
