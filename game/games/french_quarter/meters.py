"""French Quarter icons (Recordatorios): umbrellas, wilds, activity meters with their circles
(bonuses and multipliers; Fiesta A/C among the bonuses) and artists. Mixed into
`rules.FrenchQuarter`."""

from __future__ import annotations

from game.engine.core import Action, Option, Pending
from game.engine.flow import ask, decide, run

from .board import ACTIVITIES, ACTIVITY_BOXES, ARTISTS, CULTURE, Board
from .prompts import prompt
from .sheet import artist_free, double_umbrellas, no_artists
from .state import Draft, State, with_item

ACTIVITY_INDEX = {a: i for i, a in enumerate(ACTIVITIES)}


class MeterMixin:
    """The turn kit handlers of the icons a card, a building or a bonus gives."""

    board: Board
    _decatur: int
    _wild_opts: tuple[tuple[Option, ...], ...]
    _circle_opts: dict[str, tuple[Option, Option]]
    _artist_opts: tuple[Option, ...]
    _art_rewards: tuple[tuple[str, int] | None, ...]  # per artist meter box: (task kind, arg)

    @run("umb")
    def _umbrella(self, d: Draft, task: tuple) -> None:
        """Paraguas: mark the next box; every third is a wild (Compras B doubles the icon)."""
        seat, first = task[1], task[2]
        sh = d.sh(seat)
        wild = False
        if sh.umbrellas < self.board.umbrella_boxes:
            sh.umbrellas += 1
            d.emit("umbrella", seat, box=sh.umbrellas)
            wild = sh.umbrellas % self.board.wild_every == 0
        # Pushed by hand rather than with d.push: most umbrellas push nothing.
        if first and double_umbrellas(sh):  # the extra umbrella is not doubled again
            d.tasks = ((("wild", seat), ("umb", seat, 0)) if wild else (("umb", seat, 0),)) \
                + d.tasks
        elif wild:
            d.tasks = (("wild", seat),) + d.tasks

    @ask("wild")
    def _ask_wild(self, s: State, task: tuple) -> Pending:
        """A wild marks any activity meter not yet full."""
        wild = self._wild_opts
        return prompt(task, tuple([wild[i][box] for i, box
                                         in enumerate(s.sheets[task[1]].meters)
                                         if box < ACTIVITY_BOXES]))

    @decide("wild")
    def _wild_used(self, d: Draft, seat: int, action: Action) -> None:
        d.tasks = (("act", seat, ACTIVITY_INDEX[action[1]]),) + d.tasks

    @run("act")
    def _activity(self, d: Draft, task: tuple) -> None:
        """Actividades: mark the next box; a circle gives a bonus, a multiplier or a choice."""
        seat, a = task[1], task[2]
        sh = d.sh(seat)
        meters = list(sh.meters)  # with_item, inlined: the most frequent task of a game
        box = meters[a]
        if box >= ACTIVITY_BOXES:
            return
        meters[a] = box + 1
        sh.meters = tuple(meters)
        d.emit("meter", seat, activity=ACTIVITIES[a], box=box)
        meter = self.board.meters[a]
        kind = meter.boxes[box]
        if kind == "sq" or (a == CULTURE and box in sh.crossed):
            return  # a square, or a circle Fiesta A crossed out: neither bonus nor multiplier
        can_b = sh.bonuses[a] < len(meter.bonuses)
        can_m = sh.mults[a] < len(meter.multipliers)
        # A "both" circle whose bonuses or multipliers are used up gives the other (our reading).
        if kind == "BM" and can_b and can_m:
            d.tasks = (("circle", seat, a),) + d.tasks
        elif kind in ("B", "BM") and can_b:
            d.tasks = (("bonus", seat, a),) + d.tasks
        elif kind in ("M", "BM") and can_m:
            self._multiplier(d, seat, a)

    def _multiplier(self, d: Draft, seat: int, a: int) -> None:
        """Circle the next multiplier of activity a."""
        sh = d.sh(seat)
        sh.mults = with_item(sh.mults, a, sh.mults[a] + 1)
        d.emit("multiplier", seat, activity=ACTIVITIES[a],
               value=self.board.meters[a].multipliers[sh.mults[a] - 1])

    @ask("circle")
    def _ask_circle(self, s: State, task: tuple) -> Pending:
        """A circle showing both icons: the bonus or the multiplier."""
        a = ACTIVITIES[task[2]]
        return prompt(task, self._circle_opts[a], (("activity", a),))

    @decide("circle", "bonus")
    def _circle_bonus(self, d: Draft, seat: int, action: Action) -> None:
        d.push(("bonus", seat, d.task[2]))

    @decide("circle", "mult")
    def _circle_mult(self, d: Draft, seat: int, action: Action) -> None:
        self._multiplier(d, seat, d.task[2])

    @run("bonus")
    def _bonus(self, d: Draft, task: tuple) -> None:
        """Unlock the leftmost bonus of a meter; instant ones act now (Bonificaciones)."""
        seat, a = task[1], task[2]
        sh = d.sh(seat)
        letter = sh.bonuses[a]
        sh.bonuses = with_item(sh.bonuses, a, letter + 1)
        effect = self.board.meters[a].bonuses[letter]
        d.emit("bonus", seat, activity=ACTIVITIES[a], letter="ABCD"[letter], effect=effect)
        if effect == "food_a_map_decatur":
            d.push(("bmap", seat, self._decatur))
        elif effect == "food_c_map_any":
            d.push(("bmap", seat, -1))
        elif effect == "mysticism_a_artist":
            d.push(("apick", seat, (), 1))
        elif effect == "mysticism_b_personal_line":
            d.push(("pstart", seat))
        elif effect == "mysticism_c_two_artists":
            d.push(("apick", seat, (), 2))
        elif effect == "party_a_cross_culture":
            circles = [i for i, k in enumerate(self.board.meters[CULTURE].boxes)
                       if k != "sq" and i >= sh.meters[CULTURE] and i not in sh.crossed]
            if circles:
                sh.crossed = tuple(sorted((*sh.crossed, circles[0])))
        elif effect == "party_c_police":
            sh.police = -1  # placed at the Police Station at the end of the turn
        # Permanent and one-use bonuses act later, where they apply (sheet.py).

    @ask("apick")
    def _ask_apick(self, s: State, task: tuple) -> Pending:
        """Misticismo A/C: an artist type with an empty box left (not one already taken)."""
        exclude = task[2]
        sh = s.sheets[task[1]]
        if no_artists(sh):
            return ()
        return prompt(task, tuple(
            option for t, option in enumerate(self._artist_opts)
            if t not in exclude and artist_free(sh, t)))

    @decide("apick")
    def _artist_picked(self, d: Draft, seat: int, action: Action) -> None:
        _, _, exclude, count = d.task
        t = ARTISTS.index(action[1])
        more = (("apick", seat, (*exclude, t), count - 1),) if count > 1 else ()
        d.push(("artist", seat, t), *more)

    @run("artist")
    def _artist(self, d: Draft, task: tuple) -> None:
        """Artistas: mark the top box, else the bottom one, then the artist meter."""
        seat, t = task[1], task[2]
        sh = d.sh(seat)
        if no_artists(sh):
            return
        bit = 1 << t
        if not sh.top & bit:
            sh.top |= bit
        elif not sh.bottom & bit:
            sh.bottom |= bit
        else:
            return  # both boxes marked: nothing happens (not even the meter)
        d.emit("artist", seat, artist=ARTISTS[t])
        if sh.art >= len(self.board.artist_meter):
            return
        reward = self._art_rewards[sh.art]
        sh.art += 1
        if reward is not None:
            d.tasks = ((reward[0], seat, reward[1]),) + d.tasks
