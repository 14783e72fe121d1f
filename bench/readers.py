"""Our RC522 driver vs the `mfrc522` package, both on the simulated chip. Prints figures.

    .venv/bin/python bench/readers.py [--seconds 3]

SPI transactions are exact (the simulator counts them); CPU times include the
simulator's own work, so they compare the two drivers rather than predict a Pi.
"""

from __future__ import annotations

import argparse
import queue
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hardware.mfrc522_backend import PACKAGE_INTERVAL, Mfrc522PackageReader  # noqa: E402
from hardware.rc522 import Rc522Reader  # noqa: E402
from hardware.reader import POLL_INTERVAL, RESTING_SLOWER  # noqa: E402
from hardware.sim import Classic1K, Ntag213, Quirks, SimChip, Tag  # noqa: E402
from hardware.sim.pimodules import pi_modules_on  # noqa: E402

IDLE_CPU_BUDGET = 3.0  # % of one core while polling at >= 10 Hz
SPI_BUDGET = 12  # SPI transactions per empty poll
LATENCY_BUDGET = 100.0  # ms from placement to event


def ours(chip: SimChip):
    return Rc522Reader(chip, name="ours")


def package(chip: SimChip):
    with pi_modules_on(chip):
        from mfrc522 import MFRC522

        return Mfrc522PackageReader(MFRC522(), name="package")


def per_poll(
    make, tag: Tag | None, polls: int, quirks: Quirks | None = None
) -> tuple[float, float]:
    """(SPI transactions, CPU ms) per poll, with `tag` resting on the reader or none."""
    chip = SimChip(quirks=quirks)
    reader = make(chip)
    if tag is not None:
        chip.place(tag)
    for _ in range(3):
        reader.poll()  # initialise, place, settle
    before, started = chip.counters.transactions, time.process_time()
    for _ in range(polls):
        reader.poll()
    cpu = time.process_time() - started
    return (chip.counters.transactions - before) / polls, cpu * 1000 / polls


def cpu_percent(seconds: float) -> float:
    """This process's CPU time over the next `seconds`, as % of one core."""
    wall, cpu = time.monotonic(), time.process_time()
    time.sleep(seconds)
    return (time.process_time() - cpu) / (time.monotonic() - wall) * 100


def live(make, seconds: float, trials: int) -> tuple[float, float, list[float]]:
    """Run `events()` on a thread in real time: CPU % over `seconds` idle, then with a
    Classic 1K resting, then the placement-to-event latency (ms) of `trials` placements."""
    chip = SimChip()
    reader = make(chip)
    arrivals: queue.Queue = queue.Queue()

    def pump() -> None:
        for event in reader.events():
            arrivals.put((event, time.monotonic()))

    thread = threading.Thread(target=pump, daemon=True)
    thread.start()
    time.sleep(0.3)
    idle = cpu_percent(seconds)
    resting_tag = chip.place(Classic1K("DEADBEEF"))
    arrivals.get(timeout=5)
    resting = cpu_percent(seconds)
    chip.remove(resting_tag)
    while arrivals.get(timeout=5)[0].kind != "removed":
        pass
    latencies = []
    rng = random.Random(7)
    for trial in range(trials):
        time.sleep(rng.uniform(0, reader.interval))
        tag = chip.place(Classic1K(f"{0x10203040 + trial:08X}"))
        placed_at = time.monotonic()
        event, at = arrivals.get(timeout=5)
        latencies.append((at - placed_at) * 1000)
        chip.remove(tag)
        while arrivals.get(timeout=5)[0].kind != "removed":
            pass
    reader.close()
    thread.join(timeout=2)
    return idle, resting, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="idle measurement time")
    parser.add_argument("--trials", type=int, default=20, help="placements for latency")
    args = parser.parse_args()

    print(
        "reader benchmark on the simulated MFRC522 (by default ours polls every"
        f" {POLL_INTERVAL * 1000:.0f} ms while empty, {POLL_INTERVAL * RESTING_SLOWER * 1000:.0f}"
        f" ms while a tag rests; the package every {PACKAGE_INTERVAL * 1000:.0f} ms)\n"
    )
    rows = [
        ("empty poll", None, None),
        ("poll, Classic 1K resting", lambda: Classic1K("DEADBEEF"), None),
        ("poll, NTAG213 resting", lambda: Ntag213("04A1B2C3D4E5F6"), "4-byte uids only"),
    ]
    print(f"{'':28}{'ours: SPI':>10}{'CPU ms':>9}{'package: SPI':>15}{'CPU ms':>9}")
    for label, tag, unsupported in rows:
        our_spi, our_cpu = per_poll(ours, tag() if tag else None, 200)
        cells = f"{our_spi:>10.0f}{our_cpu:>9.3f}"
        if unsupported:
            cells += f"{'(' + unsupported + ')':>24}"
        else:
            their_spi, their_cpu = per_poll(package, tag() if tag else None, 20)
            cells += f"{their_spi:>15.0f}{their_cpu:>9.3f}"
        print(f"{label:28}{cells}")
    empty, _ = per_poll(ours, None, 200)
    print(f"\nours, SPI transactions per empty poll: {empty:.0f} (budget <= {SPI_BUDGET})")
    readings = {
        "StartSend latched": Quirks(latched_start_send=True),
        "replies 3 reads late": Quirks(reply_reads=3),
        "flags that never clear": Quirks(sticky_irq=True),
    }
    for label, quirks in readings.items():
        print(f"  with {label + ':':24}{per_poll(ours, None, 200, quirks)[0]:4.0f}")

    print(
        f"\nlive, events() on a thread: {args.seconds:.0f} s idle, {args.seconds:.0f} s with a"
        f" Classic 1K resting, then {args.trials} placements:"
    )
    for name, make in (("ours", ours), ("package", package)):
        idle, resting, latencies = live(make, args.seconds, args.trials)
        p99 = sorted(latencies)[max(0, int(len(latencies) * 0.99) - 1)]
        print(
            f"  {name:8} idle CPU {idle:5.2f}% of a core (budget < {IDLE_CPU_BUDGET:.0f}%),"
            f" a tag resting {resting:5.2f}%"
            f"   placement -> event: median {statistics.median(latencies):5.1f} ms,"
            f" max {max(latencies):5.1f} ms, p99 {p99:5.1f} ms (budget < {LATENCY_BUDGET:.0f} ms)"
        )


if __name__ == "__main__":
    main()
