"""Presence tracker, one per reader: placed on the first clean read, removed after a few
clean misses in a row. Noise (a garbled or collided reply) is not a miss, so a resting
tag never flickers."""


class Presence:
    def __init__(self, misses_to_remove=3):
        self.misses_to_remove = misses_to_remove
        self.uid = None
        self.sak = 0
        self.misses = 0
        self.placements = 0  # numbers each placement: `k` on ADD lines

    def update(self, result):
        """Feed one poll's result (from iso14443a.read_tag); returns protocol events:
        ("ADD", uid, sak) and ("DEL", uid)."""
        kind = result[0]
        if kind == "tag":
            uid, sak = result[1], result[2]
            self.misses = 0
            if uid == self.uid:
                return []
            events = [("DEL", self.uid)] if self.uid else []
            self.uid, self.sak = uid, sak
            self.placements += 1
            return events + [("ADD", uid, sak)]
        if kind == "miss" and self.uid:
            self.misses += 1
            if self.misses >= self.misses_to_remove:
                uid, self.uid, self.misses = self.uid, None, 0
                return [("DEL", uid)]
        return []
