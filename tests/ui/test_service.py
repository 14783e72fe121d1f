"""The one systemd unit, rendered for the installing user and folder (issue 11, "The service
on the Pi"): groups for the hardware, hardware-safe hardening, no crash loop, no pinned
reader, Kivy's console log left on."""

from __future__ import annotations

import getpass
import grp
import pwd
import shutil
import subprocess
from pathlib import Path

import pytest

from ui.service import GROUPS, UNIT_NAME, existing_groups, render_unit

ROOT = Path(__file__).resolve().parents[2]


def settings(unit: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in unit.splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_the_unit_names_the_user_their_home_and_the_app_folder():
    unit = settings(render_unit("ana", "/home/ana", "/home/ana/table-companion"))
    assert unit["User"] == ["ana"] and unit["Group"] == ["ana"]
    assert unit["WorkingDirectory"] == ["/home/ana/table-companion"]
    assert unit["ExecStart"] == ["/home/ana/table-companion/.venv/bin/python -m ui"]
    assert "COMPANION_DATA=/home/ana/.config/companion" in unit["Environment"]
    assert set(unit["SupplementaryGroups"][0].split()) >= {"spi", "gpio", "dialout", "video"}
    assert unit["ReadWritePaths"] == ["/home/ana"]
    assert unit["ReadOnlyPaths"] == ["/home/ana/table-companion"]


def test_hardening_leaves_devices_alone_and_restarts_cannot_loop():
    unit = settings(render_unit("ana", "/home/ana", "/opt/companion"))
    for key in ("NoNewPrivileges", "PrivateTmp"):
        assert unit[key] == ["yes"]
    assert unit["ProtectSystem"] == ["strict"]
    assert "PrivateDevices" not in unit and "DevicePolicy" not in unit  # SPI, GPIO, serial
    assert unit["Restart"] == ["on-failure"] and unit["RestartPreventExitStatus"] == ["2"]
    assert int(unit["StartLimitBurst"][0]) <= 5
    assert int(unit["Nice"][0]) < 0  # ahead of whatever else runs: a scan is answered first
    environment = " ".join(unit["Environment"])
    assert "COMPANION_READER" not in environment and "--reader" not in unit["ExecStart"][0]
    assert "KIVY_NO_CONSOLELOG" not in environment


@pytest.mark.parametrize("bad", ["ana smith", "ana\nExecStartPre=/bin/sh", "", "a;b"])
def test_values_that_would_change_the_unit_are_refused(bad):
    with pytest.raises(ValueError):
        render_unit(bad, "/home/ana", "/opt/companion")


def test_only_groups_the_system_has_are_asked_for():
    assert set(existing_groups()) <= set(GROUPS)
    assert existing_groups(("root", "no-such-group-here")) == ("root",)


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_verifies_the_unit(tmp_path):
    user = getpass.getuser()
    unit = tmp_path / UNIT_NAME
    unit.write_text(render_unit(user, str(tmp_path), str(ROOT), groups=existing_groups()))
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert UNIT_NAME not in done.stderr, done.stderr  # no warning about our unit


def test_the_script_dev_runs_renders_for_the_named_user_their_group_and_the_folder():
    """`./dev pi-service` and `./dev pi-install` run ui/service.py with the system Python."""
    entry = pwd.getpwnam("nobody")
    done = subprocess.run(
        ["python3", str(ROOT / "ui/service.py"), "--user", "nobody", "--app", "/opt/companion"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    unit = settings(done.stdout)
    assert unit["User"] == ["nobody"]
    assert unit["Group"] == [grp.getgrgid(entry.pw_gid).gr_name]
    assert f"COMPANION_DATA={entry.pw_dir}/.config/companion" in unit["Environment"]
    assert unit["ExecStart"] == ["/opt/companion/.venv/bin/python -m ui"]
    assert unit["SupplementaryGroups"] == [" ".join(existing_groups())]
