"""`./dev pi-install [--dry-run]`: a fresh Raspberry Pi OS (Trixie or Bookworm, 64-bit) made ready.

One command for the first evening, safe to run again: every step first looks whether it is
already done and says so, so a second run changes nothing. System steps use sudo; the
virtual environment belongs to the player (the user running it, or $SUDO_USER under sudo).
Where a step cannot apply (no systemd running in a chroot, no Pi boot partition, no
raspi-config) it says why and goes on: it never fails for that. `--dry-run` only looks and
prints the plan. Run by the system Python: no venv exists yet, and no package of the app is
imported (the unit comes from `ui/service.py`, run as a script).
"""

from __future__ import annotations

import argparse
import grp
import importlib.util
import os
import pwd
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TextIO

APP = Path(__file__).resolve().parents[1]


def _service_module() -> ModuleType:
    """ui/service.py by its path: importing the ui package would make a data folder."""
    spec = importlib.util.spec_from_file_location("companion_service", APP / "ui/service.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVICE = _service_module()
GROUPS: tuple[str, ...] = SERVICE.GROUPS  # those the unit asks for
UNIT_PATH = Path("/etc/systemd/system") / SERVICE.UNIT_NAME
BOOT = Path("/boot/firmware")  # the boot partition since Bookworm (Trixie too)
UDEV_RULE = Path("/etc/udev/rules.d/60-companion.rules")
UDEV_DIRS = (Path("/etc/udev/rules.d"), Path("/usr/lib/udev/rules.d"), Path("/lib/udev/rules.d"))
# What each Debian package is for: building spidev, RPi.GPIO and lgpio (no aarch64 wheels),
# the venv, and the GL/DRM/touch libraries Kivy's wheel loads (it bundles SDL2 itself).
APT_PACKAGES = {
    "python3-venv": "the app's virtual environment",
    "python3-dev": "building spidev, RPi.GPIO and lgpio",
    "gcc": "building spidev, RPi.GPIO and lgpio",
    "libc6-dev": "building spidev, RPi.GPIO and lgpio",
    "swig": "building lgpio (gpiozero's pin factory on the Pi 5)",
    "libgl1": "Kivy (OpenGL)",
    "libegl1": "Kivy (EGL)",
    "libgles2": "Kivy (OpenGL ES on the Pi's GPU)",
    "libgbm1": "Kivy without a desktop (KMS/DRM)",
    "libdrm2": "Kivy without a desktop (KMS/DRM)",
    "libmtdev1": "Kivy (touch screens)",
    "espeak-ng": "speaking the narration aloud (Settings, off by default)",
}
UDEV_TEXT = """\
# Written by ./dev pi-install: SPI and GPIO devices for the spi and gpio groups
# (Raspberry Pi OS does this itself in 99-com.rules; this system had no such rule).
SUBSYSTEM=="spidev", GROUP="spi", MODE="0660"
SUBSYSTEM=="gpio", GROUP="gpio", MODE="0660"
"""


@dataclass
class Step:
    """One thing the install makes true: what it is, whether it already holds, how to do it."""

    name: str
    done: str = ""  # why nothing is to do ("" when there is work)
    commands: list[list[str]] = field(default_factory=list)
    text: tuple[Path, str] | None = None  # a file to write (as root) before the commands
    after: str = ""  # "reboot" or "log in again" once done
    note: str = ""  # said with the plan: why it does less than it would on a Pi


@dataclass
class Machine:
    """What the plan depends on, read once (tests build one by hand)."""

    user: str
    home: Path
    root: bool  # running as root (then user steps run through sudo -u)
    missing_packages: list[str]
    groups: dict[str, bool]  # wanted group -> the user is already in it (absent: no group)
    spidev_rule: bool  # some udev rule already gives /dev/spidev* a group
    systemd_running: bool
    has_systemctl: bool
    raspi_config: bool
    blanking_off: bool  # raspi-config says the desktop's blanking is off
    spi_on: bool | None  # None: no Pi boot config to look at
    cmdline: str | None  # /boot/firmware/cmdline.txt, None if absent
    unit_now: str | None  # the installed unit, None if absent
    unit_enabled: bool
    unit_active: bool
    unit_wanted: str
    venv: bool
    data: bool = False  # the data folder the unit binds in exists


def sudo(machine: Machine, command: list[str]) -> list[str]:
    return command if machine.root else ["sudo", *command]


def as_user(machine: Machine, command: list[str]) -> list[str]:
    return ["sudo", "-u", machine.user, "-H", *command] if machine.root else command


def plan(machine: Machine, app: Path = APP, *, unit_only: bool = False) -> list[Step]:
    """Every step, in order, each knowing whether it is already done (`unit_only`: the unit's,
    for `./dev pi-service --install`)."""
    if unit_only:
        return [_data(machine), _unit(machine)]
    steps = [_packages(machine), *_groups(machine), _spi(machine), _blanking(machine)]
    venv = app / ".venv"
    make = [as_user(machine, ["python3", "-m", "venv", str(venv)])]
    steps.append(Step(f"virtual environment {venv}", "it exists" if machine.venv else "", make))
    pip = [str(venv / "bin/python"), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    # PYPI=1: lgpio's sdist builds its C library in, so no liblgpio package is needed.
    steps.append(
        Step(
            "the app with its [pi,ui] extras (pip; already-installed packages are kept)",
            commands=[as_user(machine, ["env", "PYPI=1", *pip, "-e", f"{app}[pi,ui]"])],
        )
    )
    steps += [_data(machine), _unit(machine)]
    return steps


def _data(machine: Machine) -> Step:
    """The player's data folder: the unit binds it in (the one folder of the home the app may
    write), and systemd refuses to start the unit while it is missing."""
    folder = SERVICE.data_folder(machine.home)
    make = [as_user(machine, ["mkdir", "-p", "-m", "0700", folder])]
    return Step(f"the data folder {folder}", "it exists" if machine.data else "", make)


def _packages(machine: Machine) -> Step:
    name = "Debian packages: " + " ".join(APT_PACKAGES)
    if not machine.missing_packages:
        return Step(name, done="all installed")
    apt = ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]  # sudo drops the environment
    install = [*apt, "install", "-y", "-q", "--no-install-recommends", *machine.missing_packages]
    return Step(name, commands=[sudo(machine, [*apt, "update", "-q"]), sudo(machine, install)])


def _groups(machine: Machine) -> list[Step]:
    steps = []
    make = [] if machine.spidev_rule else [g for g in ("spi", "gpio") if g not in machine.groups]
    if make:  # not Raspberry Pi OS: make the groups and the rule it would have shipped
        steps.append(
            Step(
                "groups spi and gpio, and a udev rule giving them SPI and GPIO",
                commands=[sudo(machine, ["groupadd", "--system", g]) for g in make],
                text=(UDEV_RULE, UDEV_TEXT),
                after="reboot",
            )
        )
    join = [g for g, member in machine.groups.items() if not member] + make
    name = f"{machine.user} in the groups {' '.join(GROUPS)}"
    if join:
        usermod = sudo(machine, ["usermod", "-aG", ",".join(join), machine.user])
        steps.append(Step(name, commands=[usermod], after="log in again"))
    else:
        have = " ".join(machine.groups) or "none of them exist here"
        steps.append(Step(name, done=f"in those that exist ({have})"))
    return steps


def _spi(machine: Machine) -> Step:
    name = "SPI switched on (dtparam=spi=on)"
    if machine.spi_on is None:
        return Step(name, done=f"skipped: no {BOOT / 'config.txt'} (not a Raspberry Pi)")
    if machine.spi_on:
        return Step(name, done="already on")
    if machine.raspi_config:
        return Step(
            name,
            commands=[sudo(machine, ["raspi-config", "nonint", "do_spi", "0"])],
            after="reboot",
        )
    line = "\n[all]\ndtparam=spi=on\n"  # [all]: not under a section for another model
    config = _read(BOOT / "config.txt").rstrip("\n") + line
    return Step(name, text=(BOOT / "config.txt", config), after="reboot")


def _blanking(machine: Machine) -> Step:
    """The console's blanking (consoleblank=0), and the desktop's through raspi-config."""
    name = "screen blanking off (a kiosk must not go dark mid-game)"
    commands = []
    if machine.raspi_config and not machine.blanking_off:
        commands.append(sudo(machine, ["raspi-config", "nonint", "do_blanking", "1"]))
    text = None
    if machine.cmdline is not None and "consoleblank=0" not in machine.cmdline.split():
        text = (BOOT / "cmdline.txt", machine.cmdline.rstrip("\n") + " consoleblank=0\n")
    if not commands and text is None:
        why = "consoleblank=0 already set" if machine.cmdline else f"skipped: no {BOOT}/cmdline.txt"
        return Step(name, done=why + ("" if machine.raspi_config else "; no raspi-config here"))
    return Step(name, commands=commands, text=text, after="reboot")


def _unit(machine: Machine) -> Step:
    name = f"the systemd unit {UNIT_PATH} (for {machine.user}, started at boot)"
    if not machine.has_systemctl:
        return Step(name, done="skipped: no systemctl here (is systemd installed?)")
    changed = machine.unit_now != machine.unit_wanted
    if (
        not changed
        and machine.unit_enabled
        and (machine.unit_active or not machine.systemd_running)
    ):
        return Step(name, done="installed, enabled" + (", running" * machine.unit_active))
    commands = []
    if machine.systemd_running:
        commands = [sudo(machine, ["systemctl", "daemon-reload"])] * changed
        commands.append(sudo(machine, ["systemctl", "enable", UNIT_PATH.name]))
        verb = "restart" if changed else "start"
        commands.append(sudo(machine, ["systemctl", verb, UNIT_PATH.name]))
    else:
        # A chroot or container: enable works offline; starting waits for the first boot.
        commands.append(sudo(machine, ["systemctl", "enable", UNIT_PATH.name]))
    step = Step(name, commands=commands, text=(UNIT_PATH, machine.unit_wanted) if changed else None)
    if not machine.systemd_running:
        step.after = "reboot"
        step.note = "systemd is not running here (a chroot or container): enabled, not started"
    return step


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, check=False)


def look(user: str, app: Path = APP) -> Machine:
    """Read the machine as it is now; changes nothing."""
    entry = pwd.getpwnam(user)
    have = installed_packages(_run(["dpkg-query", "-W", f"-f={DPKG_FORMAT}"]).stdout)
    missing = [p for p in APT_PACKAGES if p not in have]
    groups = {}
    for name in GROUPS:
        try:
            group = grp.getgrnam(name)
        except KeyError:
            continue
        groups[name] = user in group.gr_mem or group.gr_gid == entry.pw_gid
    unit = _run([sys.executable, str(app / "ui/service.py"), "--user", user, "--app", str(app)])
    if unit.returncode:
        raise SystemExit(f"pi-install: {unit.stderr.strip()}")
    config = BOOT / "config.txt"
    raspi, systemctl = shutil.which("raspi-config"), shutil.which("systemctl")
    return Machine(
        user=user,
        home=Path(entry.pw_dir),
        root=os.geteuid() == 0,
        missing_packages=missing,
        groups=groups,
        spidev_rule=any("spidev" in _read(f) for d in UDEV_DIRS if d.is_dir() for f in d.iterdir()),
        systemd_running=Path("/run/systemd/system").is_dir(),
        has_systemctl=systemctl is not None,
        raspi_config=raspi is not None,
        blanking_off=raspi is not None
        and _run([raspi, "nonint", "get_blanking"]).stdout.strip() == "1",
        spi_on=("dtparam=spi=on" in _read(config).split()) if config.exists() else None,
        cmdline=_read(BOOT / "cmdline.txt") if (BOOT / "cmdline.txt").exists() else None,
        unit_now=_read(UNIT_PATH) if UNIT_PATH.exists() else None,
        unit_enabled=systemctl is not None
        and _run([systemctl, "is-enabled", UNIT_PATH.name]).stdout.strip() == "enabled",
        unit_active=systemctl is not None
        and _run([systemctl, "is-active", UNIT_PATH.name]).stdout.strip() == "active",
        unit_wanted=unit.stdout,
        venv=(app / ".venv/bin/python").exists(),
        data=Path(SERVICE.data_folder(entry.pw_dir)).is_dir(),
    )


DPKG_FORMAT = "${Status}\t${Package}\t${Provides}\n"


def installed_packages(dpkg_query: str) -> set[str]:
    """Names installed, by `dpkg-query -W -f=DPKG_FORMAT`'s lines: each package's own and those
    it provides, since Trixie's 64-bit time_t renames (libmtdev1 is libmtdev1t64 there, which
    provides libmtdev1: asking dpkg for libmtdev1 alone says it is not installed)."""
    names = set()
    for line in dpkg_query.splitlines():
        status, _, rest = line.partition("\t")
        if not status.endswith(" installed"):
            continue
        package, _, provides = rest.partition("\t")
        names.add(package.split(":")[0])
        names.update(p.split("(")[0].strip() for p in provides.split(",") if p.strip())
    return names


def install(user: str, dry_run: bool, out: TextIO = sys.stdout, *, unit_only: bool = False) -> int:
    """Say each step; unless `dry_run`, do those with work. After each change the machine is
    looked at again, so later steps see it (groups made here reach the unit)."""
    machine, handled = look(user), set()
    afterwards: dict[str, list[str]] = {}
    while (
        step := next((s for s in plan(machine, unit_only=unit_only) if s.name not in handled), None)
    ) is not None:
        handled.add(step.name)
        say(step, dry_run, out)
        if dry_run or step.done:
            continue
        if not do(machine, step, out):
            return 1
        if step.after:
            afterwards.setdefault(step.after, []).append(step.name)
        machine = look(user)
    _summary(machine, afterwards, dry_run, out)
    return 0


def say(step: Step, dry_run: bool, out: TextIO) -> None:
    if step.done:
        print(f"ok   {step.name}: {step.done}", file=out, flush=True)
        return
    print(f"{'plan' if dry_run else 'do  '} {step.name}", file=out, flush=True)
    if step.text is not None:
        print(f"     write {step.text[0]}", file=out, flush=True)
    for command in step.commands:
        print(f"     $ {shlex.join(command)}", file=out, flush=True)
    if step.note:
        print(f"     ({step.note})", file=out, flush=True)


def do(machine: Machine, step: Step, out: TextIO) -> bool:
    """Write the step's file and run its commands; False (after saying why) at a failure."""
    if step.text is not None:
        path, text = step.text
        install = sudo(machine, ["install", "-D", "-m", "0644", "/dev/stdin", str(path)])
        written = subprocess.run(install, input=text, capture_output=True, text=True, check=False)
        if written.returncode:
            print(f"pi-install: cannot write {path}: {written.stderr.strip()}", file=out)
            return False
    for command in step.commands:
        if subprocess.run(command, check=False).returncode:
            print(f"pi-install: failed: {shlex.join(command)}", file=out)
            return False
    return True


def _summary(
    machine: Machine, afterwards: dict[str, list[str]], dry_run: bool, out: TextIO
) -> None:
    if dry_run:
        print("dry run: nothing was changed", file=out)
        return
    for when, names in afterwards.items():
        print(f"then {when}, for: {'; '.join(names)}", file=out)
    print(
        f"done. The app: {APP}/.venv/bin/companion (never a bare `companion`); its service log:"
        f" journalctl -u companion -f; its own log folder: {machine.home}/.config/companion/kivy/logs",
        file=out,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./dev pi-install", description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="only look, and print the plan")
    parser.add_argument("--only-unit", action="store_true", help="only the systemd unit")
    parser.add_argument(
        "--user", default=os.environ.get("SUDO_USER") or pwd.getpwuid(os.getuid()).pw_name
    )
    args = parser.parse_args(argv)
    try:
        pwd.getpwnam(args.user)
    except KeyError:
        print(f"pi-install: no user {args.user!r}", file=sys.stderr)
        return 2
    if args.only_unit and not (APP / ".venv/bin/python").exists():
        print("pi-install: no .venv yet: run ./dev pi-install first", file=sys.stderr)
        return 2
    return install(args.user, args.dry_run, unit_only=args.only_unit)


if __name__ == "__main__":
    sys.exit(main())
