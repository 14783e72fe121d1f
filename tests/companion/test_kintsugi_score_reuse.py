"""The view's "score now" reuses the last sheet while no holding changed (most inputs: a
deal, a pick), and is never a stale sheet once one did (a keep, a sale, a repair)."""

from __future__ import annotations

import companion.games.kintsugi.engine as kintsugi_engine
from companion.games.kintsugi.scoring import score_holdings
from tests.companion.conftest import play, uid
from tests.companion.test_engine_rules import new_table


def fresh(table):
    engine = table.engine
    return score_holdings(engine.rules, engine.settings, engine.holdings(table.state))


def test_a_deal_scores_nothing_again_and_every_sheet_is_the_fresh_one(store, monkeypatch):
    scored = []

    def counted(*args):
        scored.append(args)
        return score_holdings(*args)

    monkeypatch.setattr(kintsugi_engine, "score_holdings", counted)
    table = new_table(store)
    table.view()
    for n in range(1, 6):  # the deal: no collection or ingot changes
        play(table, f"scan {n}")
        table.view()
    play(table, "scan 4")  # a pick held, not kept yet
    table.view()
    assert len(scored) == 1
    # a card kept, one sold, one kept: each changes the holdings and is scored anew
    for step in ("tap keep", "scan 3", "tap sell", "scan 1", "tap keep"):
        play(table, step)
        assert table.view().players == table.engine.view(table.state).players
        assert table.scores() == fresh(table)
    assert table.state.collections[0] == [uid(4)] and len(scored) == 4  # + keep, sell, keep
    # an undo goes back to holdings scored before: the sheet is theirs again
    table.undo()
    assert table.scores() == fresh(table)
