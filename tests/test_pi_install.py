"""`./dev pi-install` (issue 14): the plan for a fresh Pi, a second run that finds it done, a
chroot without systemd, and a dry run that only looks. Nothing here changes this machine."""

from __future__ import annotations

import getpass
import os
import subprocess
from pathlib import Path

import pytest

from tools.pi_install import APT_PACKAGES, UNIT_PATH, Machine, installed_packages, plan

ROOT = Path(__file__).resolve().parents[1]
APP = Path("/home/ana/table-companion")


def fresh_pi(**changes) -> Machine:
    """Raspberry Pi OS Lite as flashed: groups exist, nothing of ours is installed."""
    machine = Machine(
        user="ana",
        home=Path("/home/ana"),
        root=False,
        missing_packages=list(APT_PACKAGES),
        groups=dict.fromkeys(("video", "render", "input", "spi", "gpio", "dialout"), False),
        spidev_rule=True,
        systemd_running=True,
        has_systemctl=True,
        raspi_config=True,
        blanking_off=False,
        spi_on=False,
        cmdline="console=tty1 root=PARTUUID=1234-02 rootwait\n",
        unit_now=None,
        unit_enabled=False,
        unit_active=False,
        unit_wanted="[Unit]\n",
        venv=False,
    )
    for key, value in changes.items():
        setattr(machine, key, value)
    return machine


def installed(machine: Machine) -> Machine:
    """The same machine after a first run."""
    for key, value in {
        "missing_packages": [], "groups": dict.fromkeys(machine.groups, True),
        "blanking_off": True, "spi_on": None if machine.spi_on is None else True,
        "cmdline": machine.cmdline and machine.cmdline.strip() + " consoleblank=0",
        "unit_now": machine.unit_wanted, "unit_enabled": True, "unit_active": machine.systemd_running,
        "venv": True, "data": True,
    }.items():  # fmt: skip
        setattr(machine, key, value)
    return machine


def commands(steps) -> list[str]:
    return [" ".join(command) for step in steps if not step.done for command in step.commands]


def test_a_fresh_pi_gets_packages_groups_spi_blanking_venv_extras_and_the_unit():
    steps = plan(fresh_pi(), APP)
    ran = commands(steps)
    assert any("apt-get install" in c and "python3-dev" in c and "swig" in c for c in ran)
    assert any("apt-get install" in c and " espeak-ng" in c for c in ran)  # the voice
    assert "sudo usermod -aG video,render,input,spi,gpio,dialout ana" in ran
    assert "sudo raspi-config nonint do_spi 0" in ran
    assert "sudo raspi-config nonint do_blanking 1" in ran
    blanking = next(s for s in steps if "blanking" in s.name)
    assert blanking.text[1].split()[-1] == "consoleblank=0" and blanking.after == "reboot"
    # the venv and pip belong to the player: never run through sudo
    assert f"python3 -m venv {APP}/.venv" in ran
    assert any(c.startswith(f"env PYPI=1 {APP}/.venv/bin/python -m pip") for c in ran)
    assert f"{APP}[pi,ui]" in ran[-5]
    # the one folder of the home the unit lets the app write: it must exist before it starts
    assert ran[-4] == "mkdir -p -m 0700 /home/ana/.config/companion"
    unit = steps[-1]
    assert unit.text == (UNIT_PATH, "[Unit]\n")
    assert ran[-3:] == [
        "sudo systemctl daemon-reload",
        "sudo systemctl enable companion.service",
        "sudo systemctl restart companion.service",
    ]


def test_a_second_run_finds_everything_done_but_pip():
    steps = plan(installed(fresh_pi()), APP)
    work = [step.name for step in steps if not step.done]
    assert len(work) == 1 and "pip" in work[0]  # pip itself keeps what is installed


def test_under_sudo_the_venv_is_still_the_players():
    ran = commands(plan(fresh_pi(root=True), APP))
    assert f"sudo -u ana -H python3 -m venv {APP}/.venv" in ran
    assert "sudo -u ana -H mkdir -p -m 0700 /home/ana/.config/companion" in ran
    assert "usermod -aG video,render,input,spi,gpio,dialout ana" in ran  # root: no sudo


def test_in_a_chroot_the_unit_is_enabled_not_started_and_it_says_why():
    machine = fresh_pi(systemd_running=False, raspi_config=False, spi_on=None, cmdline=None)
    steps = plan(machine, APP)
    unit = steps[-1]
    assert [" ".join(c) for c in unit.commands] == ["sudo systemctl enable companion.service"]
    assert "systemd is not running" in unit.note and unit.after == "reboot"
    spi = next(s for s in steps if s.name.startswith("SPI"))
    assert spi.done.startswith("skipped") and not spi.commands
    again = plan(installed(machine), APP)
    assert next(s for s in again if "systemd unit" in s.name).done == "installed, enabled"


def test_without_raspberry_pi_groups_they_are_made_with_a_udev_rule():
    groups = {"video": False, "dialout": True}
    steps = plan(fresh_pi(groups=groups, spidev_rule=False), APP)
    made = next(s for s in steps if s.name.startswith("groups spi and gpio"))
    assert "spidev" in made.text[1] and made.after == "reboot"
    assert "sudo usermod -aG video,spi,gpio ana" in commands(steps)


@pytest.mark.parametrize("only", [[], ["--only-unit"]])  # --only-unit: ./dev pi-service --install
def test_a_dry_run_prints_the_plan_and_changes_nothing(only):
    user = getpass.getuser() if os.geteuid() else "nobody"
    before = UNIT_PATH.exists()
    done = subprocess.run(
        [str(ROOT / "dev"), "pi-install", "--dry-run", "--user", user, *only],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "dry run: nothing was changed"
    assert any(line.startswith(("plan", "ok")) and "systemd unit" in line for line in lines)
    steps = sum(not line.startswith("     ") for line in lines[:-1])
    assert only == [] or steps == 2  # the data folder and the unit
    assert any("data folder" in line for line in lines)
    assert UNIT_PATH.exists() == before


@pytest.mark.parametrize(("user", "says"), [("root", "not root"), ("no-such-user", "no user")])
def test_root_or_an_unknown_user_is_refused_in_one_line(user, says):
    done = subprocess.run(
        ["python3", str(ROOT / "tools/pi_install.py"), "--dry-run", "--user", user],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode != 0 and says in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_package_trixie_renamed_counts_as_installed_by_the_name_it_provides():
    # dpkg-query's lines on Debian Trixie (amd64 and arm64 alike) after a first run: mtdev is
    # libmtdev1t64 there, providing libmtdev1; a removed package's line says so.
    dpkg = (
        "install ok installed\tlibgbm1\t\n"
        "install ok installed\tlibmtdev1t64:arm64\tlibmtdev1 (= 1.1.7-1)\n"
        "install ok installed\tlibasound2t64\tlibasound2 (= 1.2.14-1), libasound2-data\n"
        "deinstall ok config-files\tswig\t\n"
    )
    have = installed_packages(dpkg)
    assert {"libgbm1", "libmtdev1", "libmtdev1t64", "libasound2"} <= have
    assert "swig" not in have
