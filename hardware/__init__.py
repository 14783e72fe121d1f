"""Everything between a sticker and a TagEvent: readers, the simulated chip, feedback.

Imports nothing from `companion` or `ui`, so it can be tested and benchmarked alone.
"""
