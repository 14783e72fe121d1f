"""Who Broke It?: a hidden-hand card game refereed from the cards players play."""

from companion.games.who_broke_it.game import WHO_BROKE_IT

DEFINITIONS = (WHO_BROKE_IT,)
