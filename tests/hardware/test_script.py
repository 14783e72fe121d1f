import pytest

from hardware.script import ScanStep, ScriptError, ScriptReader, TapStep, load_script, parse_script


def test_scans_and_taps_with_comments_and_readers():
    steps = parse_script(
        "# a game\n\nscan 04a1b2c3d4e5f6   # first card\nscan DE:AD:BE:EF @seat2\n"
        "tap keep\ntap island 7\n"
    )
    assert steps == [
        ScanStep("04A1B2C3D4E5F6", "default", 3),
        ScanStep("DEADBEEF", "seat2", 4),
        TapStep("keep", None, 5),
        TapStep("island", "7", 6),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("scan 1234", "s:1: not a tag uid"),
        ("scan DEADBEEF seat2", "s:1: reader must be written @name"),
        ("\ntap", "s:2: 'tap' needs an option"),
        ("draw 3", "s:1: unknown command \\(lines start with scan or tap"),
    ],
)
def test_bad_lines_name_the_line(text, message):
    with pytest.raises(ScriptError, match=message):
        parse_script(text, "s")


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(ScriptError, match="cannot read script .*missing"):
        load_script(tmp_path / "missing")


def test_reader_replays_each_scan_as_placed_then_removed_one_per_poll(tmp_path):
    path = tmp_path / "g.script"
    path.write_text("scan DEADBEEF\ntap keep\nscan 04A1B2C3D4E5F6 @seat2\n")
    ticks = iter(range(100))
    reader = ScriptReader(path, name="table", clock=lambda: float(next(ticks)))
    got = [reader.poll() for _ in range(6)]
    assert [[(e.reader, e.kind, e.uid, e.at) for e in batch] for batch in got] == [
        [("default", "placed", "DEADBEEF", 0.0)],
        [("default", "removed", "DEADBEEF", 1.0)],
        [("seat2", "placed", "04A1B2C3D4E5F6", 2.0)],
        [("seat2", "removed", "04A1B2C3D4E5F6", 3.0)],
        [],
        [],
    ]
    assert reader.name == "table"
