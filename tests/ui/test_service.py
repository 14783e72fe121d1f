"""The one systemd unit, rendered for the installing user and folder (issue 11, "The service
on the Pi"): groups for the hardware, no crash loop, no pinned reader, Kivy's console log left
on; a writable working directory of its own, so lgpio (the Pi 5's pin factory) imports when
the app's folder is read-only (issue 24); the sandbox of issue 25 item 6, rated by systemd."""

from __future__ import annotations

import getpass
import grp
import importlib.util
import os
import pwd
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ui.service import GROUPS, UNIT_NAME, data_folder, existing_groups, render_unit

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = "/run/companion"  # RuntimeDirectory=companion


def need(tool: str) -> str:
    """The tool's path; a test that needs it fails in CI (CI=true) rather than skipping."""
    path = shutil.which(tool)
    if path is None:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(f"no {tool} here")
    return path


def settings(unit: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in unit.splitlines():
        if "=" in line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_the_unit_names_the_user_their_data_folder_and_the_app_folder():
    unit = settings(render_unit("ana", "/home/ana", "/home/ana/table-companion"))
    assert unit["User"] == ["ana"] and unit["Group"] == ["ana"]
    assert unit["ExecStart"] == ["/home/ana/table-companion/.venv/bin/python -m ui"]
    assert data_folder("/home/ana") == "/home/ana/.config/companion"
    assert "COMPANION_DATA=/home/ana/.config/companion" in unit["Environment"]
    assert set(unit["SupplementaryGroups"][0].split()) >= {"spi", "gpio", "dialout", "video"}


def test_the_working_directory_is_a_writable_one_of_its_own_and_lgpio_is_sent_there():
    """lgpio makes its FIFOs in $LG_WD, else in the working directory (issue 24): never the
    app's folder, which the unit makes read-only."""
    unit = settings(render_unit("ana", "/home/ana", "/home/ana/table-companion"))
    assert unit["RuntimeDirectory"] == ["companion"]  # made by systemd for User=, emptied at stop
    assert unit["WorkingDirectory"] == [RUNTIME]
    assert f"LG_WD={RUNTIME}" in unit["Environment"]
    assert ".lgd-nfy*" in (ROOT / ".gitignore").read_text().splitlines()


def test_it_writes_only_its_data_folder_and_sees_no_other_file_of_the_home():
    unit = settings(render_unit("ana", "/home/ana", "/home/ana/table-companion"))
    assert unit["ProtectSystem"] == ["strict"] and unit["ProtectHome"] == ["tmpfs"]
    assert unit["BindPaths"] == ["/home/ana/.config/companion"]
    assert unit["BindReadOnlyPaths"] == ["/home/ana/table-companion"]
    assert "ReadWritePaths" not in unit  # was the whole home, ~/.ssh included (issue 25)
    assert any(
        v.startswith("XDG_CACHE_HOME=/home/ana/.config/companion/") for v in unit["Environment"]
    )


def test_no_network_no_privileges_and_only_the_tables_devices():
    unit = settings(render_unit("ana", "/home/ana", "/opt/companion"))
    for key in (
        "NoNewPrivileges", "PrivateTmp", "PrivateNetwork", "ProtectKernelTunables",
        "ProtectKernelModules", "ProtectKernelLogs", "ProtectControlGroups", "RestrictNamespaces",
        "LockPersonality", "RestrictRealtime", "RestrictSUIDSGID", "ProtectClock",
    ):  # fmt: skip
        assert unit[key] == ["yes"], key
    assert unit["IPAddressDeny"] == ["any"] and unit["CapabilityBoundingSet"] == [""]
    assert unit["SystemCallFilter"][0] == "@system-service"
    assert unit["MemoryMax"] and unit["MemoryMax"][0].endswith("M")
    assert unit["DevicePolicy"] == ["closed"] and "PrivateDevices" not in unit
    allowed = {value.split()[0] for value in unit["DeviceAllow"]}
    # the reader (SPI, GPIO on a Pi 4 and 5), the serial bridge, the display, touch, audio
    assert allowed >= {
        "char-spi", "char-gpiochip", "char-ttyACM", "char-drm", "char-input", "char-alsa"
    }  # fmt: skip


def test_restarts_cannot_loop_and_nothing_pins_a_reader():
    unit = settings(render_unit("ana", "/home/ana", "/opt/companion"))
    assert unit["Restart"] == ["on-failure"] and unit["RestartPreventExitStatus"] == ["2"]
    assert int(unit["StartLimitBurst"][0]) <= 5
    assert int(unit["Nice"][0]) < 0  # ahead of whatever else runs: a scan is answered first
    environment = " ".join(unit["Environment"])
    assert "COMPANION_READER" not in environment and "--reader" not in unit["ExecStart"][0]
    assert "KIVY_NO_CONSOLELOG" not in environment


def run_with_read_only_cwd(folder: Path, code: str, env: dict[str, str]):
    """`python -c code` whose working directory is `folder`, read-only to it as the unit's
    BindReadOnlyPaths makes the app's folder: a chmod for an ordinary user; root ignores
    modes, so for root a read-only bind mount in a private mount namespace."""
    command = [sys.executable, "-c", code]
    if os.geteuid() != 0:
        folder.chmod(0o555)
    else:
        need("unshare")
        mount = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && cd "$1" && shift'
        command = ["unshare", "--mount", "--propagation", "private", "sh", "-c",
                   f'{mount} && exec "$@"', "sh", str(folder), *command]  # fmt: skip
    return subprocess.run(
        command, cwd=folder, env=env, capture_output=True, text=True, timeout=60, check=False
    )


IMPORT_THE_PIN_FACTORY = """
import os, sys
try:
    open("probe", "w")
except OSError:
    pass
else:
    sys.exit("the folder is writable: this run proves nothing")
import gpiozero.pins.lgpio  # gpiozero's first choice on a Pi, the only one on a Pi 5
print(os.getcwd())
"""


def test_the_pin_factory_imports_as_the_service_runs_it_from_a_read_only_folder(tmp_path):
    """The unit's Environment= (its runtime folder made here, as systemd makes it), the app's
    folder read-only: lgpio's FIFO goes to the runtime folder, and the import works. Without
    LG_WD the same import fails as it did on a Pi 5 (issue 24's FileNotFoundError)."""
    if importlib.util.find_spec("lgpio") is None:
        message = "lgpio is not installed (./dev setup builds it where swig is present)"
        (pytest.fail if os.environ.get("CI") else pytest.skip)(message)
    clone, runtime = tmp_path / "clone", tmp_path / "run-companion"
    clone.mkdir()
    runtime.mkdir(mode=0o700)
    unit = render_unit("ana", tmp_path / "home", clone)
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(ROOT)}
    for value in settings(unit)["Environment"]:
        key, _, word = value.partition("=")
        env[key] = word.replace(RUNTIME, str(runtime))
    done = run_with_read_only_cwd(clone, IMPORT_THE_PIN_FACTORY, env)
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.strip() == str(runtime)  # lgpio moves into $LG_WD
    assert [p.name for p in runtime.iterdir()] == [".lgd-nfy0"]
    assert not list(clone.iterdir())
    del env["LG_WD"]
    done = run_with_read_only_cwd(clone, IMPORT_THE_PIN_FACTORY, env)
    assert done.returncode != 0 and "FileNotFoundError" in done.stderr
    assert ".lgd-nfy" in done.stderr


@pytest.mark.parametrize("bad", ["ana smith", "ana\nExecStartPre=/bin/sh", "", "a;b"])
def test_values_that_would_change_the_unit_are_refused(bad):
    with pytest.raises(ValueError):
        render_unit(bad, "/home/ana", "/opt/companion")


def test_only_groups_the_system_has_are_asked_for():
    assert set(existing_groups()) <= set(GROUPS)
    assert existing_groups(("root", "no-such-group-here")) == ("root",)


def written_unit(tmp_path: Path) -> Path:
    """The unit for the user running the tests and this folder, with its data folder made."""
    user = getpass.getuser()
    home = tmp_path / "home"
    Path(data_folder(home)).mkdir(parents=True)
    unit = tmp_path / UNIT_NAME
    unit.write_text(render_unit(user, home, ROOT, groups=existing_groups()))
    return unit


def test_systemd_verifies_the_unit(tmp_path):
    analyze = need("systemd-analyze")
    unit = written_unit(tmp_path)
    done = subprocess.run(
        [analyze, "verify", "--man=no", str(unit)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert UNIT_NAME not in done.stderr, done.stderr  # no warning about our unit


def test_systemd_rates_the_units_exposure_at_or_below_4(tmp_path):
    """`systemd-analyze security` (0 safe .. 10 exposed): 8.2 before issue 25; docs/service.md
    has the whole table."""
    analyze = need("systemd-analyze")
    unit = written_unit(tmp_path)
    done = subprocess.run(
        [analyze, "security", "--offline=true", "--no-pager", str(unit)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert found, done.stdout[-1500:] + done.stderr[-1500:]
    assert float(found.group(1)) <= 4.0, done.stdout


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


def test_dev_pi_service_passes_the_user_through():
    """`./dev pi-service --user NAME` (what the root refusal suggests) renders for NAME."""
    done = subprocess.run(
        [str(ROOT / "dev"), "pi-service", "--user", "nobody"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert settings(done.stdout)["User"] == ["nobody"]
