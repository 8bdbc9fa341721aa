"""Render every screen at the chosen size, with demonstration data, into PNG files.

The app runs for real against a throwaway database filled with a few players and games,
walks from screen to screen as a person would, and saves the window after each step:
``<scene>.png``, and ``<scene>.json`` with the measures of what it shows
(app.kit.legibility). With ``check``, the problems those measures reveal are printed at
the end.
"""

from __future__ import annotations

import importlib
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from kivy.base import EventLoop, runTouchApp
from kivy.core.window import Window
from kivy.uix.modalview import ModalView

from app.application import TablesideApp
from app.exchange import daily_copy, usb_sticks
from app.games import BY_KEY, GAMES, GameInfo
from app.kit import legibility
from app.kit.frames import settle, tick, until_read
from app.kit.popups import MENDING_NOTE, ProgressPopup, show_notice
from app.play.send_to_bgstats import send_to_bgstats
from app.saved_games_care import restore_popup
from app.storage import clock_check, volatile
from app.storage.salvage import COPYING
from app.storage.store import Store

DEMO_PLAYERS = ("Ana", "Bo", "Camille", "Dag")

#: How long a scene with a popup is given to settle (a popup opens in a tenth of a
#: second) before its one frame is drawn and saved.
SCENE_SETTLES_S = 0.15


#: The deal the set-up scenes draw (Skoventyr's Acorns, Lygtemands and x2 token).
SETUP_SEED = 7


def fill_demo_data(store: Store) -> None:
    """A few players and a season of finished games, so History and Statistics have
    something to show."""
    for name in DEMO_PLAYERS:
        store.add_player(name)
    won = {"result": "won", "reason": "All six Minions defeated.", "cause": "all_minions"}
    caught = {
        "result": "lost",
        "reason": "Gamle Erik caught Vogter: they are on the same Tree.",
        "cause": "caught",
    }
    no_move = {"result": "lost", "reason": "No action was possible.", "cause": "no_action"}
    season = [({}, won), ({}, caught), ({}, won), ({"damaged_trees": 1}, caught), ({}, won)]
    season += [({"damaged_trees": 1}, won), ({}, no_move), ({}, won), ({"damaged_trees": 1}, won)]
    for config, outcome in season:
        store.finish_session(store.start_session("skoventyr", config, 2, ["Ana"]), outcome)
    # Long words as the engines say them, as History and Statistics must show them whole.
    fallen = {"result": "lost", "reason": "The Foxen leader has fallen: the guardian wins."}
    tanthos = {
        "guardian": "tanthos",
        "leader": "queen_of_blessing",
        "level": "hard",
        "hero_relics": 2,
    }
    store.finish_session(store.start_session("skulk_hollow", tanthos, 6, ["Dag"]), fallen)
    quiet = "Two whole rounds went by without anyone playing a species tile. "
    for scores, ending in (((41, 35, 29), ""), ((38, 44, 30), quiet), ((52, 40, 47), "")):
        names = ["Ana", "Bo", "Camille"]
        best = names[scores.index(max(scores))]
        scored = {
            "result": "scored",
            "reason": f"{ending}{best} won with {max(scores)} points.",
            "winners": [best],
            "scores": [[n, p] for n, p in zip(names, scores, strict=True)],
        }
        store.finish_session(store.start_session("skogen", {}, 3, names), scored)
    # The last of them played after a power cut, before the network set the clock.
    with store.db.atomic():
        store.db.execute(
            "update sessions set time_checked = 0 where id = (select max(id) from sessions)"
        )
    store.start_session("skogen", {}, 4, ["Bo", "Dag"])
    # Two unfinished games of one kind: Resume asks which, and must say which is which.
    store.start_session("skulk_hollow", {}, 7, ["Ana"])
    store.start_session("skulk_hollow", {"guardian": "apoda", "level": "hard"}, 8, ["Ana"])
    # A game whose players a failing card made unreadable: History lists it as damaged.
    damaged = store.start_session("chickwood", {}, 5, ["Ana", "Bo"])
    store.finish_session(damaged, {"result": "scored", "reason": "Bo won.", "winners": ["Bo"]})
    with store.db.atomic():
        store.db.execute('update sessions set players = \'["Ana", "B\' where id = ?', [damaged])


class ScreenshotApp(TablesideApp):
    """The real app, driven through its screens by a script instead of a person."""

    def __init__(self, directory: Path, only: str = "", check: bool = False) -> None:
        """``only``: just the scenes whose names contain it; ``check``: print the
        legibility problems at the end (``problems`` keeps them)."""
        self._tmp = Path(tempfile.mkdtemp(prefix="tableside-shots-"))
        # The same scenes on every machine: its clock counts as right (the scenes of a
        # game whose time was not checked say so).
        clock_check.SYSTEM = clock_check.ClockCheck(kernel_synchronized=lambda: True)
        # ... and the saved games count as kept on a card, wherever the temporary folder is.
        nowhere = self._tmp / "no-such-probe"
        volatile.SYSTEM = volatile.Machine(nowhere, nowhere)
        # The export scene writes where History would: never onto a stick plugged in here.
        usb_sticks.ROOT = self._tmp / "no-usb-sticks"
        db_path = self._tmp / "demo.db"
        demo = Store.open(db_path)
        fill_demo_data(demo)
        demo.close()  # one open copy per database: the app opens it next
        super().__init__(db_path=db_path)
        self.shots_dir = directory
        self.only = only
        self.check = check
        self.written: list[Path] = []
        self.problems: dict[str, list[str]] = {}

    def render(self) -> None:
        """Start the app without its main loop, render each scene, stop. Frames are run
        by hand (app.kit.frames): a scene's layout settles, then one frame is drawn and
        saved, where the main loop would have drawn a dozen meanwhile."""
        self._run_prepare()  # what App.run() does, without entering the main loop
        runTouchApp(embedded=True)
        self.dispatch("on_start")
        for _ in range(3):  # drawn: start-up finishes after the first frame
            EventLoop.idle()
        self.shots_dir.mkdir(parents=True, exist_ok=True)
        try:
            for name, action in self._scenes():
                if self.only in name:
                    action()
                    self._capture(name)
        finally:
            self.stop()
            EventLoop.close()

    def _scenes(self) -> list[tuple[str, Callable[[], None]]]:
        """Each screen in a representative state, as (file name, how to get there)."""
        scenes: list[tuple[str, Callable[[], None]]] = [
            ("home", self.home),
            ("settings", partial(self._open, "settings")),
            ("history", partial(self._open, "history")),
            ("statistics", partial(self._open, "statistics")),
            ("statistics_skogen", partial(self._open_statistics, "skogen")),
            ("statistics_players", partial(self._open_statistics, "players")),
        ]
        for game in GAMES:
            if game.has_setup_guide:
                scenes += self._setup_scenes(game)
        for game in GAMES:
            if game.playable and game.demo_path:
                scenes.append((f"new_game_{game.key}", partial(self._open, "new_game", game=game)))
                scenes += [
                    (f"tool_{game.key}_{screen.rpartition(':')[2]}", partial(self._open, screen))
                    for _words, screen in game.form.tools
                ]
                demo = importlib.import_module(game.demo_path)
                scenes += [
                    (name, partial(self._play_demo, game, config, advance))
                    for name, config, advance in demo.SCENES
                ]
        scenes += [
            # The demonstration games above are left unfinished: several of one kind.
            ("home_resume_choice", partial(self._resume_choice, "skulk_hollow")),
            ("history_replay", partial(self._replay_latest, "skoventyr")),
            ("history_player_filter", self._open_player_filter),
            ("home_games_lost_at_restart", self._games_lost_at_restart),
            ("saved_games", self._saved_games),
            ("saved_games_on_a_stick", self._saved_games_on_a_stick),
            ("settings_games_lost_at_restart", self._settings_games_lost_at_restart),
            ("history_damaged_game", self._open_damaged_game),
            ("home_not_opened", partial(self._not_opened, "skulk_hollow")),
            ("history_set_date", self._set_a_date),
            ("history_send_to_bgstats", self._send_to_bgstats),
            ("play_skogen_end_time_not_checked", self._end_with_time_not_checked),
            ("history_exporting", self._show_export_progress),
            ("history_importing", self._show_import_progress),
            ("history_export", self._export_all),
            ("settings_remove_player", self._ask_to_remove_a_player),
            ("settings_read_aloud", self._read_aloud_settings),
            ("new_game_guest", self._ask_for_a_guest),
            ("notice", self._show_sample_notice),
            ("mending", self._show_mending),
            # They add games, which the scenes above would show.
            ("saved_games_put_back", self._ask_to_put_back),
            ("saved_games_putting_back", self._show_putting_back),
            # It adds players, whom the scenes above would list.
            ("statistics_players_paged", self._statistics_of_a_big_roster),
            # Phones at the table turned on: each game's top bar offers the code.
            *(
                (f"phones_on_{game.key}", partial(self._phones_on, game))
                for game in GAMES
                if game.playable and game.demo_path
            ),
            ("phones", self._phones_code),
            ("settings_phones_on", partial(self._open, "settings")),
            # A USB stick stays plugged in from here: the ends offer the result's picture.
            ("play_skogen_end_picture_to_usb", partial(self._end_with_a_stick, False)),
            ("play_skogen_end_all_offers", partial(self._end_with_a_stick, True)),
        ]
        return scenes

    def _setup_scenes(self, game: GameInfo) -> list[tuple[str, Callable[[], None]]]:
        """The guide's first step, and each later step that puts pieces on the table
        (its picture is what the scene is for) or asks the table to choose, for the
        standard set-up; and for each
        set-up a game's demo module names in ``SETUP_CONFIGS`` (the modules, a harder
        game), each step that puts pieces on the table."""
        first = partial(self._open, "setup_guide", game=game)
        scenes: list[tuple[str, Callable[[], None]]] = [(f"setup_guide_{game.key}", first)]
        configs: list[tuple[str, Any]] = [("", None)]
        if game.playable and game.demo_path:
            demo = importlib.import_module(game.demo_path)
            configs += getattr(demo, "SETUP_CONFIGS", [])
        for suffix, config in configs:
            name = f"setup_guide_{game.key}" + (f"_{suffix}" if suffix else "")
            for index, step in enumerate(game.setup_steps(config)):
                if (index or suffix) and (step.shows or step.choices):
                    scenes.append(
                        (f"{name}_{index + 1}", partial(self._open_setup_step, game, index, config))
                    )
        return scenes

    def _open_setup_step(self, game: GameInfo, index: int, config: Any = None) -> None:
        self._open("setup_guide", game=game, config=config, seed=SETUP_SEED)
        self.current_screen.show(index)

    def _play_demo(self, game: GameInfo, config: Any, advance: Callable[[Any], None]) -> None:
        """Start a demonstration game and play it on to the scene (see app.<game>.demo)."""
        _close_popups()
        self.home()
        seats = getattr(config, "players", 2)  # a count, or the names themselves
        names = list(seats) if isinstance(seats, tuple) else list(DEMO_PLAYERS[:seats])
        self.start_game(game, config, names, seed=7)
        _close_popups()
        screen = self.current_screen
        advance(screen)
        screen.refresh()

    def _open(self, name: str, **params: Any) -> None:
        """Home, then the screen ``name``, once what it shows is read."""
        _close_popups()
        self.home()
        self.go(name, **params)
        until_read()

    def _open_statistics(self, page: str) -> None:
        self._open("statistics")
        self.current_screen.page = page

    def _resume_choice(self, key: str) -> None:
        _close_popups()
        self.home()
        home = self.root.get_screen("home")
        home.refresh()
        next(tile for tile in home.ids.tiles.children if tile.key == key).resume()

    def _replay_latest(self, key: str) -> None:
        """A saved game stepped through from History, half-way."""
        self._open("history")
        session = max(self.store.sessions(key), key=lambda saved: saved.event_count)
        self.replay_game(BY_KEY[key], session.id)
        until_read()
        screen = self.current_screen
        screen.show_step(screen.replay.steps // 2)

    def _overlay_warning(self) -> str | None:
        """The warning of a Pi whose overlay file system is on."""
        overlay = self._tmp / "overlay"
        overlay.mkdir(exist_ok=True)
        (overlay / "cmdline").write_text("console=tty1 overlayroot=tmpfs\n")
        machine = volatile.Machine(overlay / "cmdline", overlay / "no-mount-table")
        return volatile.lost_at_restart(Path("/home/pi/tableside.db"), machine)

    def _games_lost_at_restart(self) -> None:
        """Home, with the saved games in memory only (the overlay file system)."""
        self.saved_games.lost_at_restart = self._overlay_warning()
        self.home()
        self.root.get_screen("home").refresh()
        self.saved_games.lost_at_restart = None  # the scenes after it as before (Home refreshes)

    def _saved_games(self) -> None:
        """Saved games with three daily copies, one made while the clock was not known
        right, kept in memory only (the overlay)."""
        db_path = self.saved_games.db_path
        assert db_path is not None
        for made in (datetime(2026, 12, 2, 21, 40), None, datetime(2026, 12, 5, 4, 27)):
            daily_copy.make_copy(db_path, daily_copy.Moment("", 0.0, made))
        self.saved_games.lost_at_restart = self._overlay_warning()
        self._open("saved_games")
        self.saved_games.lost_at_restart = None

    def _saved_games_on_a_stick(self) -> None:
        """Saved games with a USB stick plugged in that holds two copies: the stick laid
        out as the kernel shows one (app.exchange.usb_sticks), in a folder of its own."""
        root = self._tmp / "a-usb-stick"
        (root / "sys/block/sda/sda1").mkdir(parents=True)
        (root / "sys/block/sda/removable").write_text("1\n")
        (root / "proc").mkdir()
        (root / "proc/mounts").write_text("/dev/sda1 /media/pi/KINGSTON vfat rw 0 0\n")
        on_stick = root / "media/pi/KINGSTON" / daily_copy.STICK_FOLDER
        on_stick.mkdir(parents=True)
        db_path = self.saved_games.db_path
        assert db_path is not None
        for number, made in ((8, datetime(2026, 11, 21, 22, 14)), (9, None)):
            daily_copy.backup(db_path, on_stick / daily_copy.copy_name(number, made))
        usb_sticks.ROOT, unplugged = root, usb_sticks.ROOT
        try:
            self._open("saved_games")
        finally:
            usb_sticks.ROOT = unplugged  # the export scene writes where History would

    def _ask_to_put_back(self) -> None:
        """The question before the oldest copy is put back, two games played since."""
        for seed, players in ((1, ["Ana", "Bo"]), (2, ["Cy", "Di"])):
            self.store.start_session("skogen", {}, seed, players)
        self._open("saved_games")
        self.current_screen.put_back(len(self.current_screen.rows) - 1)

    def _show_putting_back(self) -> None:
        """A copy being put back, part of the way."""
        _close_popups()
        self.home()
        popup = restore_popup()
        popup.open()
        popup.done, popup.message = 0.6, "Putting back 2,400 of 4,000 pages (60%)."

    def _settings_games_lost_at_restart(self) -> None:
        """Settings, its top bar naming the overlay warning."""
        self.saved_games.lost_at_restart = self._overlay_warning()
        self._open("settings")
        self.saved_games.lost_at_restart = None

    def _open_player_filter(self) -> None:
        self._open("history")
        self.current_screen.choose_player()

    def _open_damaged_game(self) -> None:
        self._open("history")
        row = next(row for row in self.current_screen.rows if row["damage"])
        self.current_screen.open_game(row["session_id"], row["game_title"], row["damage"])

    def _not_opened(self, key: str) -> None:
        """A game whose kept state could not be read back at Resume (app.play.opening):
        what can still be done with it, all three offered."""
        from app.play.opening import NOTHING_LOST, TABLE_UNREADABLE, NotOpened

        session = self.store.unfinished_sessions(key)[0]
        words = f"{TABLE_UNREADABLE} {NOTHING_LOST}"
        shown = NotOpened(BY_KEY[key], session.id, words, True, True, True)
        self._open("not_opened", not_opened=shown)

    def _set_a_date(self) -> None:
        self._open("history")
        row = next(row for row in self.current_screen.rows if row["time_not_checked"])
        self.current_screen.set_date(row["session_id"])

    def _send_to_bgstats(self) -> None:
        """The code that sends a finished Skogen game to BG Stats, from History."""
        self._open("history")
        rows = self.current_screen.rows
        send_to_bgstats(
            next(r["session_id"] for r in rows if r["bgstats"] and r["game_key"] == "skogen")
        )

    def _end_with_time_not_checked(self) -> None:
        """Skogen's end screen, the game played while the clock was not known right."""
        self.store.clock_known_right = lambda: False
        skogen = importlib.import_module("app.skogen.demo")
        _name, config, advance = next(s for s in skogen.SCENES if s[0] == "play_skogen_end")
        self._play_demo(BY_KEY["skogen"], config, advance)
        self.store.clock_known_right = clock_check.clock_known_right

    def _end_with_a_stick(self, time_not_checked: bool) -> None:
        """Skogen's end screen with a USB stick plugged in (laid out as the kernel shows
        one), and the clock not known right when ``time_not_checked``: every offer."""
        root = self._tmp / "a-stick-for-the-picture"
        if not (root / "proc/mounts").exists():
            (root / "sys/block/sdb/sdb1").mkdir(parents=True)
            (root / "sys/block/sdb/removable").write_text("1\n")
            (root / "proc").mkdir()
            (root / "proc/mounts").write_text("/dev/sdb1 /media/pi/PHOTOS vfat rw 0 0\n")
            (root / "media/pi/PHOTOS").mkdir(parents=True)
        usb_sticks.ROOT = root
        if time_not_checked:
            self._end_with_time_not_checked()
        else:
            skogen = importlib.import_module("app.skogen.demo")
            _name, config, advance = next(s for s in skogen.SCENES if s[0] == "play_skogen_end")
            self._play_demo(BY_KEY["skogen"], config, advance)

    def _show_export_progress(self) -> None:
        """The popup of an export of many games, a third of the way through."""
        self._open("history")
        progress = ProgressPopup("Exporting your games", "Writing", "game")
        progress.open()
        progress.done, progress.message = 0.3, "Writing 1,200 of 4,000 games (30%)."

    def _show_import_progress(self) -> None:
        """The popup of a long import, which can be stopped, a third of the way through."""
        self._open("history")
        progress = ProgressPopup("Importing plays", "Adding", "play", stop=lambda: None)
        progress.open()
        progress.done, progress.message = 0.3, "Adding 1,200 of 4,000 plays (30%)."

    def _export_all(self) -> None:
        """The notice that ends an export: the scene waits for the files, which are
        written on a worker thread."""
        self._open("history")
        self.current_screen.export_all()
        for thread in threading.enumerate():
            if thread.name == "export or import":
                thread.join()

    def _ask_to_remove_a_player(self) -> None:
        self._open("settings")
        player = self.store.players()[0]
        self.current_screen.remove_player(player.id, player.name)

    def _statistics_of_a_big_roster(self) -> None:
        """The players page of a club's roster: a page of them, turned or found by name."""
        known = {player.name.casefold() for player in self.store.players()}
        for number in range(len(known), 130):
            known.add(self.store.add_player(f"Friend {number:03}", known=known).name.casefold())
        self._open_statistics("players")
        until_read()

    def _phones_on(self, game: GameInfo) -> None:
        """A game's first demonstration scene with Phones at the table on (its server on
        any free port, stopped when the screenshots end)."""
        assert self.phones is not None
        if not self.phones_on:
            self.phones.port = 0
            self.set_phones(True)
        _name, config, advance = importlib.import_module(game.demo_path or "").SCENES[0]
        self._play_demo(game, config, advance)

    def _phones_code(self) -> None:
        """The code a phone reads, once the page's server says where it listens."""
        self.show_phones()
        deadline = time.monotonic() + 20
        while not self.current_screen.link and time.monotonic() < deadline:
            time.sleep(0.05)
            tick()

    def _read_aloud_settings(self) -> None:
        self._open("settings")
        self.current_screen.open_read_aloud()

    def _ask_for_a_guest(self) -> None:
        self._open("new_game", game=BY_KEY["skogen"])
        self.current_screen.ask_guest()

    def _show_sample_notice(self) -> None:
        self.home()
        show_notice(
            "Please note",
            "Your saved games could not be read (the file is damaged). The old file was "
            "kept as tableside.db.unreadable-20261129 and a new, empty one was started.",
        )

    def _show_mending(self) -> None:
        """Damaged saved games being mended, part of the way (app.storage.mending)."""
        _close_popups()
        self.home()
        popup = ProgressPopup(heading="Repairing your saved games", note=MENDING_NOTE)
        popup.show(0.45, COPYING)
        popup.open()

    def _capture(self, name: str) -> None:
        """Let the scene settle (a popup's opening animation ends), draw it, save it."""
        began = time.monotonic()
        popup = any(isinstance(child, ModalView) for child in Window.children)
        while popup and time.monotonic() - began < SCENE_SETTLES_S:
            time.sleep(1 / 60)  # frames are not paced by the clock here (kivy_setup)
            tick()
        settle()
        target = self.shots_dir / f"{name}.png"
        shutil.move(Window.screenshot(str(target)), target)
        self.written.append(target)
        seen = legibility.measure()
        legibility.save(seen, target.with_suffix(".json"))
        self.problems[name] = legibility.problems(seen)

    def on_stop(self) -> None:
        if self._stopped:
            return
        super().on_stop()
        shutil.rmtree(self._tmp, ignore_errors=True)
        print(f"wrote {len(self.written)} screenshots to {self.shots_dir}")
        if self.check:
            print(legibility.report(self.problems, f"{Window.width}x{Window.height}"))


def _close_popups() -> None:
    for child in list(Window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
