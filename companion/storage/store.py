"""Load → apply a named action → save, guarded by the version the device saw; undo; export/import.

Every change writes the new state, bumps the version and appends one event in a single transaction (on PostgreSQL, a
single statement: see `one_statement_each`). The conditional UPDATE (`WHERE version = seen`) is what settles two
devices tapping at once: exactly one UPDATE matches, the other gets StaleVersion (HTTP 409). One device's own quick
taps are no such conflict: a page's tap made on a version that only this device's own earlier taps moved on since is
made on the game as they left it, if it still applies there (`page_action`, `_tap`). The UPDATE is the transaction's
first statement, so SQLite takes its write lock at once and never has to upgrade a read snapshot (which fails with
"database is locked" under load).
"""
from __future__ import annotations

import functools
import json
import random
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast
from collections.abc import Callable, Iterator, Mapping

import sqlalchemy as sa
import sqlalchemy.orm as so
from flask import current_app
from sqlalchemy.orm.attributes import set_committed_value

from . import changes, presence
from .. import kinds
from .database import one_writer
from .models import Device, Event, Game, Presence, Seat, db, utcnow
from ..rules.base import (MAX_PARAM_TEXT, MAX_PARAM_VALUES, MAX_TEXT_DEPTH, BadParams, N_, Outcome, RuleError,
                         acting_for, check_acting_seat, check_undoing_seat, is_plain_data, is_plain_params,
                         is_plain_text, text_from_file)

# No 0/O, 1/I/L, 5/S, 2/Z, 8/B: a code read across the table is typed right the first time.
CODE_ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 5
UNDO = "undo"
EXPORT_FORMAT = "table-companion/1"
CONNECTED_WITHIN = timedelta(seconds=45)


class GameNotFound(Exception):
    """No game has this code."""


class GameDeleted(GameNotFound):
    """The game was deleted: it waits to be restored (or purged), its code answers that it is gone."""

    def __init__(self, game: Game):
        super().__init__(game.code)
        self.game = game


class HistoryFull(RuleError):
    """The game holds HISTORY_MAX_CHANGES changes: nothing more is recorded (nothing is dropped)."""


class StaleVersion(Exception):
    """The device acted on an older version; nothing was applied."""

    def __init__(self, game: Game):
        super().__init__(f"game {game.code} is at version {game.version}")
        self.game = game


class TapCameTwice(StaleVersion):
    """StaleVersion where the changes since were this device's own and one of them was this very tap (the
    same action with the same params, made on the same version): it arrived twice, and counted once."""


class TapNoLongerApplies(StaleVersion):
    """The changes since the version the tap was made on were this device's own earlier taps, and this tap
    does not apply to the game as they left it: nothing was applied."""


Refusal = RuleError | StaleVersion  # why a page's tap was not made (Snapshot.refused)


# A page's taps made on one version before their answers came: how many of the device's own changes a tap
# may follow (the page sends its taps one after another; a burst of quick taps is a few, not a game).
OWN_TAPS_AHEAD = 4


@dataclass(frozen=True)
class DeviceRef:
    id: str
    label: str = ""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(raw: str) -> str:
    """What a person typed ("k7q-3m ") as a code to look up."""
    return "".join(ch for ch in raw.upper() if ch.isalnum())[:CODE_LENGTH * 2]


def find(code: str, deleted: bool = False) -> Game:
    """The game with this code; GameDeleted if it was deleted (unless `deleted`: restoring it)."""
    game = db.session.scalar(sa.select(Game).where(Game.code == normalize_code(code)))
    if game is None:
        raise GameNotFound(code)
    return game if deleted else _not_deleted(game)


def _not_deleted(game: Game) -> Game:
    if game.deleted_at is not None:
        raise GameDeleted(game)
    return game


def find_for_change(code: str) -> Game:
    """The game an action is about to change (see `one_statement_each`)."""
    one_statement_each()
    return find(code)


def find_with_seat(code: str, device_id: str) -> tuple[Game, str | None]:
    """The game an action is about to change and the seat `device_id` holds in it, in one query."""
    one_statement_each()
    row = db.session.execute(_with_seat(), {"code": normalize_code(code), "device_id": device_id}).first()
    if row is None:
        raise GameNotFound(code)
    return _not_deleted(row[0]), row[1]


@functools.cache
def _with_seat() -> sa.Select:
    """find_with_seat's query, built once (see _moved)."""
    seat = (sa.select(Seat.seat_id).where(Seat.game_id == Game.id, Seat.device_id == sa.bindparam("device_id"))
            .limit(1).scalar_subquery())
    return sa.select(Game, seat).where(Game.code == sa.bindparam("code"))


def one_statement_each() -> None:
    """On PostgreSQL, from here on each of the request's statements commits by itself.

    A change needs no transaction around its read and its write: the write is one statement (the UPDATE
    guarded by the version the device saw, with its event and its NOTIFY), and the version, not a
    transaction, settles two devices tapping at once. PostgreSQL reads at READ COMMITTED anyway, each
    statement from its own snapshot. So an action makes two round trips, not four (BEGIN and COMMIT go).
    SQLite keeps its transaction: its writer lock is taken around the write, and a statement is a call."""
    if db.session.get_bind().dialect.name != "postgresql":
        return
    if db.session().in_transaction():
        db.session.commit()  # a read made before (a new device's label): nothing is pending
    db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def _committed_itself() -> bool:
    """The statement just run committed by itself (see `one_statement_each`)."""
    return db.session.connection().get_execution_options().get("isolation_level") == "AUTOCOMMIT"


def kind_of(game: Game):
    kind = kinds.get(game.kind)
    if kind is None:
        raise GameNotFound(game.code)
    return kind


def create_game(kind_key: str, setup_form: Mapping[str, Any], title: str, rng: random.Random,
                created_by: str | None = None) -> Game:
    """Set up a new game of a kind (started by the device `created_by`); RuleError/BadParams if the setup
    is not valid."""
    kind = kinds.get(kind_key)
    if kind is None:
        raise BadParams(N_("Unknown game: {kind}"), kind=str(kind_key)[:32])
    state = kind.new_state(kind.parse_setup(setup_form), rng)
    with one_writer():
        game = Game(code=free_code(), kind=kind_key, title=title or kind.name, state=state, version=0,
                    created_by=created_by)
        db.session.add(game)
        db.session.commit()
    return game


def free_code() -> str:
    for _ in range(50):
        code = new_code()
        if db.session.scalar(sa.select(Game.id).where(Game.code == code)) is None:
            return code
    raise RuntimeError("no free game code")  # 25^5 codes: unreachable in practice


def apply_action(game: Game, action: str, params: Mapping[str, Any], seen_version: int,
                 device: DeviceRef, rng: random.Random, translate: Callable[[str], str] | None = None) -> Outcome:
    """Validate and apply one action; persist state + event only if `seen_version` is still current.

    A kind's `rebasable` actions carry absolute values (a count as the device showed it, plus its step):
    applied to the game as it is now, they mean the same, so a change elsewhere does not refuse them.
    `translate` (msgid -> the device's language): names the players typed in their language are read
    back into what the rules know, if the kind asks (its `localize_params`)."""
    if translate is not None:
        params = kind_of(game).localize_params(action, params, translate)
    if seen_version != game.version and action in kind_of(game).rebasable:
        seen_version = game.version
    _check_writable(game, seen_version)
    kept_params = _plain(params)
    if not is_plain_params(kept_params):  # the bounds a game file's import holds its events to
        raise BadParams(N_("Too much in this action's params (at most {n} value in all)."),
                        plural=N_("Too much in this action's params (at most {n} values in all)."), n=MAX_PARAM_VALUES)
    state_before = game.state
    outcome = kind_of(game).apply(state_before, action, params, rng)
    # Round-trip through JSON now: what we keep is exactly what a reload will see.
    new_state = json.loads(json.dumps(outcome.state))
    _commit_change(game, seen_version, new_state, Event(
        action=action, params=kept_params, label=outcome.label.as_json(),
        notices=[n.as_json() for n in outcome.notices], state_before=state_before,
        moment_seat=acting_for(kind_of(game), state_before, action, kept_params), undo_next=seen_version + 1), device)
    return outcome


def undo(game: Game, seen_version: int, device: DeviceRef, target: Event | None = None) -> Event:
    """Restore the state before the latest change not yet undone (`target`, when read already); the undo
    is itself an event."""
    _check_writable(game, seen_version)
    target = target or undo_target(game)
    if target is None:
        raise RuleError(N_("Nothing to undo."))
    event = Event(action=UNDO, params={}, label={"msgid": N_("Undo: {label}"),
                                                 "params": {"label": target.label}},
                  notices=[], state_before=game.state, undoes_seq=target.seq,
                  undo_next=_undo_next_before(game.id, target.seq))
    assert target.state_before is not None  # every change keeps the state before it
    _commit_change(game, seen_version, target.state_before, event, device)
    return event


def _check_writable(game: Game, seen_version: int) -> None:
    if seen_version != game.version:
        raise StaleVersion(game)
    if game.archived:
        raise RuleError(N_("This game is archived. Restore it to continue."))
    most = current_app.config["HISTORY_MAX_CHANGES"]
    if game.version >= most:  # the version counts the changes
        raise HistoryFull(N_("This game has reached {n} change, the most one game keeps: nothing more can "
                             "be recorded. Everything so far is kept; export it, or start a new game."),
                          plural=N_("This game has reached {n} changes, the most one game keeps: nothing more can "
                                    "be recorded. Everything so far is kept; export it, or start a new game."),
                          n=most)


def _commit_change(game: Game, seen_version: int, new_state: dict, event: Event,
                   device: DeviceRef) -> None:
    now = utcnow()
    token = changes.LiveToken(seen_version + 1, game.seating)
    event.game_id, event.seq, event.at = game.id, seen_version + 1, now
    event.device_id, event.device_label = device.id, device.label
    row = {"game_id": game.id, "seen_version": seen_version, "new_state": new_state,
           "new_version": seen_version + 1, "now": now}  # _moved's parameters
    with one_writer():
        if db.session.get_bind().dialect.name == "postgresql":
            moved = len(db.session.execute(_moved_with_its_event(), {
                **row, "announced": changes.announcement(game.code, token),
                **{f"event_{name}": getattr(event, name) for name in EVENT_COLUMNS}}).all()) == 1
        else:
            moved = _rowcount(db.session.execute(_moved(), row)) == 1
            if moved:
                db.session.add(event)
        if _committed_itself():
            pass  # the request keeps its connection for what it reads next: no wait for another
        elif not moved:
            db.session.rollback()
        else:
            db.session.commit()
        if not moved:
            db.session.refresh(game)
            raise StaleVersion(game)
    game.last_change = event  # the screen rendered next shows it: no need to read it back
    # What the row now holds, without reading it back (the UPDATE above was conditional on it).
    set_committed_value(game, "state", new_state)
    set_committed_value(game, "version", seen_version + 1)
    set_committed_value(game, "updated_at", now)
    changes.committed(game.code, token)


def _rowcount(result: sa.Result[Any]) -> int:
    """The rows an UPDATE or DELETE matched: its result is a CursorResult, which Session.execute's types do
    not say."""
    return cast(sa.CursorResult[Any], result).rowcount


EVENT_COLUMNS = ("game_id", "seq", "action", "params", "label", "notices", "device_id", "device_label", "at",
                 "state_before", "undoes_seq", "undo_next", "moment_seat")


# The change's statements are built once, then only run: building one (its clauses, their bound
# parameters) cost a tap more than running it.

@functools.cache
def _moved() -> sa.Update:
    """The change's UPDATE, guarded by the version the device saw: a plain UPDATE (its rowcount, with or
    without RETURNING), not the ORM's."""
    table = Game.__table__
    return (sa.update(table)
            .where(table.c.id == sa.bindparam("game_id"), table.c.version == sa.bindparam("seen_version"))
            .values(state=sa.bindparam("new_state", type_=table.c.state.type),
                    version=sa.bindparam("new_version"), updated_at=sa.bindparam("now", type_=table.c.updated_at.type)))


@functools.cache
def _moved_with_its_event() -> sa.Insert:
    """PostgreSQL: the game's UPDATE (with its NOTIFY) and the event's INSERT in one statement, one round
    trip: the event is written only if the UPDATE found the version it expected (then it returns a row)."""
    moved = changes.announcing(_moved()).cte("moved")
    events = Event.__table__
    values = [sa.cast(sa.bindparam(f"event_{name}", type_=events.c[name].type), events.c[name].type)
              for name in EVENT_COLUMNS]
    return (sa.insert(events).from_select(list(EVENT_COLUMNS), sa.select(*values).select_from(moved))
            .returning(events.c.id))


def _event(game_id: int, seq: int | None) -> Event | None:
    if not seq:
        return None
    return db.session.scalar(_event_at(), {"game_id": game_id, "seq": seq})


@functools.cache
def _event_at() -> sa.Select:
    """A game's event by its seq, built once: a panel's undo target (see _moved)."""
    return sa.select(Event).where(Event.game_id == sa.bindparam("game_id"), Event.seq == sa.bindparam("seq"))


def _undo_next_before(game_id: int, seq: int) -> int | None:
    """The undo stack as it was just before event `seq` happened (what undoing it returns to)."""
    return db.session.scalar(sa.select(Event.undo_next).where(Event.game_id == game_id, Event.seq == seq - 1))


def latest_event(game: Game) -> Event | None:
    made_here = getattr(game, "last_change", None)  # the event this request just wrote
    if made_here is not None and made_here.seq == game.version:
        return made_here
    return _event(game.id, game.version)


@dataclass(frozen=True)
class Snapshot:
    """What a screen of a game shows beside its state, read in one go: a render asks nothing more of the
    store. `connected`: the devices seen on the game lately, for a whole page (None: not read)."""
    game: Game
    kind: Any
    last_event: Event | None
    undo_target: Event | None
    seating: dict[str, tuple[str, str]]
    connected: list[tuple[str, str]] | None = None
    may_delete: bool = False  # (a whole page) the device it is shown to may delete the game
    refused: Refusal | None = None  # why the change a device asked for was not made (page_action, page_undo)


def snapshot(game: Game, seen_by: str | None = None, roster: bool = False, refused: Refusal | None = None
             ) -> Snapshot:
    """The game in hand (just changed, say) with what its screen shows; `seen_by`: the device it is
    shown to (its presence noted); `roster`: with the devices connected (a whole page)."""
    shot = _snapshot(game, seen_by, roster, refused)
    if seen_by is not None:
        touch_presence(game.id, seen_by)
    return shot


def _snapshot(game: Game, device_id: str | None, roster: bool, refused: Refusal | None) -> Snapshot:
    latest = latest_event(game)
    return Snapshot(game, kind_of(game), latest, undo_target(game, latest), seating(game),
                    *_roster(game, device_id, roster), refused=refused)


def _roster(game: Game, seen_by: str | None, roster: bool) -> tuple[list[tuple[str, str]] | None, bool]:
    """What a whole page adds: the devices connected, and whether the device it is for may delete the game."""
    if not roster:
        return None, False
    return connected_devices(game), seen_by is not None and may_delete(game, seen_by)


def page_action(code: str, device: DeviceRef, action: str, params: Mapping[str, Any], seen_version: int,
                rng: random.Random, *, for_seat: str | None, translate: Callable[[str], str],
                whole_page: bool) -> Snapshot | None:
    """A page's tap: the game read with this device's seat in one query, the seat's moment kept for its own
    phone (rules.base.check_acting_seat), the action applied (on the game as this device's own quicker taps
    left it: `_tap`). Then what answers it, read in one go: None after a change that a whole page answers
    with a redirect; else the snapshot to draw, with the refusal in it (`whole_page`: with the roster). The
    connection is given back before the drawing."""
    game, my_seat = find_with_seat(code, device.id)
    kind = kind_of(game)
    params = kind.localize_params(action, params, translate)
    kept = _plain(params)

    def same(event: Event) -> bool:
        return event.action == action and event.params == kept

    def make(version: int) -> None:
        if version == game.version:
            check_acting_seat(kind, game.state, my_seat, action, params, for_seat)
        apply_action(game, action, params, version, device, rng)  # localized already

    if action in kind.rebasable:
        return _answered(game, device, seen_version, same, whole_page,
                         lambda: make(seen_version))  # applied to the latest version by apply_action itself
    return _answered(game, device, seen_version, same, whole_page,
                     lambda: _tap(game, device.id, seen_version, same, make))


def page_undo(code: str, device: DeviceRef, seen_version: int, *, for_seat: str | None,
              whole_page: bool) -> Snapshot | None:
    """A page's Undo, answered as page_action's tap is; another seat's change, made on another device,
    undone on a seated phone only through "Undo for …" (rules.base.check_undoing_seat)."""
    game, my_seat = find_with_seat(code, device.id)

    def same(event: Event) -> bool:
        return event.action == UNDO

    def make(version: int) -> None:
        target = undo_target(game) if version == game.version else None
        if target is not None:
            check_undoing_seat(kind_of(game), game.state, target.moment_seat, target.device_id == device.id,
                               my_seat, for_seat)
        undo(game, version, device, target)

    return _answered(game, device, seen_version, same, whole_page,
                     lambda: _tap(game, device.id, seen_version, same, make))


def _answered(game: Game, device: DeviceRef, seen_version: int, same: Callable[[Event], bool], whole_page: bool,
              tap: Callable[[], None]) -> Snapshot | None:
    """A page's tap made (`tap`) and answered as `_answer` does: the game as it is now, with why the tap was not
    made if it was not."""
    try:
        tap()
    except StaleVersion as stale:
        return _answer(stale.game, device, _stale(stale, device, seen_version, same), whole_page)
    except RuleError as refused:
        return _answer(game, device, refused, whole_page)
    return _answer(game, device, None, whole_page)


def _tap(game: Game, device_id: str, seen_version: int, same: Callable[[Event], bool],
         make: Callable[[int], None]) -> None:
    """Make a page's tap (`make(version)`) on the version it was made on. When the only changes since were
    this device's own earlier taps (their answers not yet in when it was tapped), it is made on the game as
    they left it, in the order the taps came, if it still applies there (else TapNoLongerApplies); a tap
    that is one of them again (`same`: a double submission) is StaleVersion, which `_stale` names."""
    if seen_version == game.version:
        make(seen_version)
        return
    since = _own_taps_since(game, device_id, seen_version)
    if since is None or any(same(event) for event in since):
        raise StaleVersion(game)
    _check_writable(game, game.version)  # archived, or full: said as such
    try:
        make(game.version)  # StaleVersion if another change came meanwhile
    except RuleError as refused:
        raise TapNoLongerApplies(game) from refused


def _own_taps_since(game: Game, device_id: str, seen_version: int) -> list[Event] | None:
    """The changes after `seen_version`, oldest first, if every one of them (at most OWN_TAPS_AHEAD) was made
    by this device; else None."""
    if not 0 <= seen_version < game.version or game.version - seen_version > OWN_TAPS_AHEAD:
        return None
    since = list(db.session.scalars(sa.select(Event).where(Event.game_id == game.id, Event.seq > seen_version)
                                    .order_by(Event.seq)))
    return since if all(event.device_id == device_id for event in since) else None


def _stale(stale: StaleVersion, device: DeviceRef, seen_version: int, same: Callable[[Event], bool]
           ) -> StaleVersion:
    """Why a tap made on `seen_version` was not made: it came twice (one of this device's own changes since was
    this tap), it no longer applies, or another device changed the game first."""
    if isinstance(stale, TapNoLongerApplies):
        return stale
    since = _own_taps_since(stale.game, device.id, seen_version) or ()
    return TapCameTwice(stale.game) if any(same(event) for event in since) else stale


def _answer(game: Game, device: DeviceRef, refused: Refusal | None, whole_page: bool) -> Snapshot | None:
    if refused is None and whole_page:
        return None
    # The device's presence is not noted here: its page's stream notes it as it hears of the change.
    shot = _snapshot(game, device.id, whole_page and refused is not None, refused)
    done_reading()
    return shot


def find_with_snapshot(code: str, seen_by: str | None = None, roster: bool = False) -> Snapshot:
    """The game and what its screen shows beside its state, in one query (one round trip, where
    `find` then `snapshot` made three or four): what a device's panel is drawn from after each change."""
    row = db.session.execute(_snapshot_statement(db.session.get_bind().dialect.name),
                             {"code": normalize_code(code)}).first()
    if row is None:
        raise GameNotFound(code)
    game, last, undoable, seats = row
    _not_deleted(game)
    if last is None or last.undo_next is None:
        undoable = None
    elif last.undo_next == last.seq:
        undoable = last
    shot = Snapshot(
        game,
        kind_of(game),
        last,
        undoable,
        {seat: (device, label or "") for seat, device, label in seats or ()},
        *_roster(game, seen_by, roster),
    )
    if seen_by is not None:
        touch_presence(game.id, seen_by)
    return shot


_SNAPSHOT: dict[str, sa.Select] = {}


def warm_up() -> None:
    """A worker at start: the snapshot query built and compiled by one read that finds nothing, so the
    first device to open a game does not wait for that."""
    try:
        find_with_snapshot("-" * CODE_LENGTH)
    except GameNotFound:
        pass
    finally:
        db.session.remove()


def _snapshot_statement(dialect: str) -> sa.Select:
    """find_with_snapshot's query, built once per database kind (building it, its aliases adapting their
    columns, cost three times what running it does)."""
    if dialect not in _SNAPSHOT:
        latest, target = so.aliased(Event), so.aliased(Event)
        _SNAPSHOT[dialect] = (
            sa.select(Game, latest, target, _seats_json(dialect))
            .outerjoin(latest, sa.and_(latest.game_id == Game.id, latest.seq == Game.version))
            # The undo target when it is not the latest change itself (see undo_target).
            .outerjoin(target, sa.and_(target.game_id == Game.id, target.seq == latest.undo_next,
                                       target.seq != latest.seq))
            .where(Game.code == sa.bindparam("code"))
            # A screen shows an event's label, never the state it replaced (read if ever asked for).
            .options(so.defer(latest.state_before), so.defer(target.state_before)))
    return _SNAPSHOT[dialect]


def _seats_json(dialect: str) -> sa.ScalarSelect:
    """The game's seats as one JSON array of [seat id, device id, device label] (a subquery per game row)."""
    if dialect == "postgresql":
        rows = sa.func.json_agg(sa.func.json_build_array(Seat.seat_id, Seat.device_id, Device.label))
    else:
        rows = sa.func.json_group_array(sa.func.json_array(Seat.seat_id, Seat.device_id, Device.label))
    return (sa.select(sa.type_coerce(rows, sa.JSON)).select_from(Seat)
            .outerjoin(Device, Device.id == Seat.device_id).where(Seat.game_id == Game.id).scalar_subquery())


def undo_target(game: Game, latest: Event | None = None) -> Event | None:
    """The newest change that no undo has reversed yet."""
    latest = latest if latest is not None else latest_event(game)
    if latest is None or latest.undo_next is None:
        return None
    if latest.undo_next == latest.seq:
        return latest
    return _event(game.id, latest.undo_next)


def history(game: Game, limit: int = 500) -> list[Event]:
    return list(db.session.scalars(sa.select(Event).where(Event.game_id == game.id)
                                   .order_by(Event.seq.desc()).limit(limit)))


def kept_changes(game: Game) -> list[Event]:
    """The game's changes that stand, oldest first: every change no undo has taken back (undos themselves
    left out), as the undo stack (`undo_next`) says."""
    kept = _kept_seqs(game)
    if not kept:
        return []
    found = {e.seq: e for e in db.session.scalars(sa.select(Event).where(Event.game_id == game.id,
                                                                          Event.seq.in_(kept)))}
    return [found[seq] for seq in reversed(kept)]


def kept_changes_newest_first(game: Game, batch: int = 16) -> Iterator[Event]:
    """The changes that stand (as kept_changes), newest first, read `batch` at a time: a reader that wants the
    latest few (when did this turn begin?) reads no more of a long game's history, its states the bulk of it."""
    kept = _kept_seqs(game)
    for first in range(0, len(kept), batch):
        seqs = kept[first:first + batch]
        found = {e.seq: e for e in db.session.scalars(sa.select(Event).where(Event.game_id == game.id,
                                                                              Event.seq.in_(seqs)))}
        yield from (found[seq] for seq in seqs)


def _kept_seqs(game: Game) -> list[int]:
    """The seqs of the changes that stand, newest first (two numbers an event read: the undo stack)."""
    stack = sa.select(Event.seq, Event.undo_next).where(Event.game_id == game.id)
    chain = dict(db.session.execute(stack).tuples().all())
    kept, seq = [], chain.get(game.version)
    while seq:
        kept.append(seq)
        seq = chain.get(seq - 1)
    return kept


def events_before(game: Game, before: int | None, limit: int) -> list[Event]:
    """A page of the history, newest first: the events older than `before` (all, without it)."""
    query = sa.select(Event).where(Event.game_id == game.id)
    if before is not None:
        query = query.where(Event.seq < before)
    return list(db.session.scalars(query.order_by(Event.seq.desc()).limit(limit)))


def events_after(game_id: int, seq: int, limit: int) -> list[Event]:
    """The events after `seq`, oldest first: what a device following the game has not heard yet."""
    return list(db.session.scalars(sa.select(Event).where(Event.game_id == game_id, Event.seq > seq)
                                   .order_by(Event.seq).limit(limit)))


def live_token(game: Game) -> changes.LiveToken:
    return changes.LiveToken(game.version, game.seating)


def current_token(code: str) -> tuple[int, changes.LiveToken] | None:
    """(game id, live token): the cheap question every live-update request asks."""
    row = live_row(code)
    return (row.id, row.token) if row else None


@dataclass(frozen=True)
class LiveRow:
    id: int
    created_at: datetime
    version: int
    seating: int

    @property
    def token(self) -> changes.LiveToken:
        return changes.LiveToken(self.version, self.seating)

    def at(self, token: changes.LiveToken) -> LiveRow:
        """The same game at another live token (heard of from the watcher: no read)."""
        return LiveRow(self.id, self.created_at, token.version, token.seating)


def live_row(code: str) -> LiveRow | None:
    """The game's id, creation time, version and seating: its live token, and what a kept panel of it is
    found by. Every live request and panel fetch asks it, hundreds a second at a club: so it is one
    prepared statement on a pooled driver connection, outside any transaction (one round trip to
    PostgreSQL, not BEGIN, SELECT, ROLLBACK), without the ORM's machinery around it."""
    engine = db.engine
    sql, created_at = _live_sql(engine.dialect)
    params = {"code": code} if engine.dialect.paramstyle == "pyformat" else (code,)
    if db.session().in_transaction():
        # The request holds a connection already (a new device's label was read): it reads on that one.
        # Waiting for a second while holding one deadlocks a full pool (tests/web/test_one_connection.py).
        cursor = db.session.connection().connection.cursor()
        cursor.execute(sql, params)
        row = cursor.fetchone()
        cursor.close()
    else:
        row = _read_outside_transaction(engine.raw_connection(), sql, params)
    if row is None:
        return None
    return LiveRow(row[0], created_at(row[1]) if created_at else row[1], row[2], row[3])


def _read_outside_transaction(connection, sql: str, params) -> tuple | None:
    """One row read on a pooled driver connection of its own, given back at once."""
    try:
        driver = connection.driver_connection
        autocommit = getattr(driver, "autocommit", None)
        if autocommit is False:  # psycopg: no transaction for one read
            driver.autocommit = True
        try:
            cursor = connection.cursor()
            cursor.execute(sql, params)
            row = cursor.fetchone()
            cursor.close()
        finally:
            if autocommit is False:
                driver.autocommit = False
    finally:
        connection.close()
    return row


_LIVE_SQL: dict[str, tuple[str, Callable | None]] = {}


def _live_sql(dialect: sa.Dialect) -> tuple[str, Callable | None]:
    """The live read compiled once for this database, and how its creation time is read back (as the
    ORM reads it, so a kept panel's key matches)."""
    if dialect.name not in _LIVE_SQL:
        table = Game.__table__
        statement = sa.select(table.c.id, table.c.created_at, table.c.version, table.c.seating).where(
            table.c.code == sa.bindparam("code"), table.c.deleted_at.is_(None))
        created_at = table.c.created_at.type.dialect_impl(dialect).result_processor(dialect, None)
        _LIVE_SQL[dialect.name] = (str(statement.compile(dialect=dialect)), created_at)
    return _LIVE_SQL[dialect.name]


def done_reading() -> None:
    """Hand the request's database connection back before a long render: under load the connections
    are what greenlets queue for, and a render needs none (what was read stays readable)."""
    db.session.close()


def _plain(params: Mapping[str, Any]) -> dict:
    """Params as stored in the event: JSON values only (form lists stay lists)."""
    return json.loads(json.dumps(dict(params), default=str))


# --- games' own settings -------------------------------------------------------------------

def rename(game: Game, title: str) -> None:
    with one_writer():
        game.title = title
        _bump_seating(game)  # every screen shows the name: wake them


def set_archived(game: Game, archived: bool) -> None:
    with one_writer():
        game.archived = archived
        _bump_seating(game)


def may_delete(game: Game, device_id: str) -> bool:
    """Erasing is not playing: only a device of the table may delete — the one that started the game, one
    holding a seat, or one that made a change in it. Opening the page (which anyone with the code may)
    is not enough."""
    if game.created_by == device_id:
        return True
    seated = sa.select(Seat.game_id).where(Seat.game_id == game.id, Seat.device_id == device_id).exists()
    changed = sa.select(Event.id).where(Event.game_id == game.id, Event.device_id == device_id).exists()
    return bool(db.session.scalar(sa.select(sa.or_(seated, changed))))


def may_restore(game: Game, device_id: str) -> bool:
    """The devices that had the game (it is on their home page) may bring it back, and those that could
    have deleted it."""
    presence.buffer().flush()
    had = db.session.scalar(sa.select(Presence.game_id).where(Presence.game_id == game.id,
                                                              Presence.device_id == device_id))
    return had is not None or may_delete(game, device_id)


def delete(game: Game, device_id: str) -> None:
    """Into the bin: every screen showing it hears it is gone; its history, seats and presence stay for
    `restore` until the sweep purges it."""
    with one_writer():
        db.session.execute(sa.update(Game).where(Game.id == game.id)
                           .values(deleted_at=utcnow(), deleted_by=device_id)
                           .execution_options(synchronize_session=False))
        changes.within(game.code, changes.GONE)
        db.session.commit()
    changes.committed(game.code, changes.GONE)


def restore(game: Game) -> None:
    """Out of the bin, as it was; its idle time starts again."""
    with one_writer():
        game.deleted_at = game.deleted_by = None
        _bump_seating(game)


def restore_until(game: Game, keep: timedelta) -> datetime:
    assert game.deleted_at is not None  # asked of a deleted game
    return game.deleted_at + keep


def deleted_games(device_id: str, limit: int = 12) -> list[tuple[Game, str, str]]:
    """(game, deleting device's id, its label) of the deleted games this device had, newest first."""
    presence.buffer().flush()
    rows = db.session.execute(
        sa.select(Game, Device.label).join(Presence, Presence.game_id == Game.id)
        .outerjoin(Device, Device.id == Game.deleted_by)
        .where(Presence.device_id == device_id, Game.deleted_at.is_not(None))
        .order_by(Game.deleted_at.desc()).limit(limit))
    return [(game, game.deleted_by or "", label or "") for game, label in rows]


def _delete_games(ids: list[int]) -> None:
    for model in (Event, Seat, Presence):
        db.session.execute(sa.delete(model).where(model.game_id.in_(ids)))
    db.session.execute(sa.delete(Game).where(Game.id.in_(ids)))


# --- idle games ------------------------------------------------------------------------------

def idle_deadlines(game: Game, archive_after: timedelta, delete_after: timedelta) -> tuple[datetime, datetime]:
    """When this game is archived, and when deleted, unless someone plays it (or restores it) first."""
    return game.updated_at + archive_after, game.updated_at + archive_after + delete_after


def sweep_idle(now: datetime, archive_after: timedelta, delete_after: timedelta,
               keep_deleted: timedelta | None = None) -> tuple[int, int]:
    """Archive games idle for `archive_after`; delete archived ones idle `delete_after` longer, and
    deleted ones `keep_deleted` after their deletion (the days they could be restored).

    Returns (archived, deleted). Idle means no change, seat, rename or restore since `updated_at`;
    archiving here leaves `updated_at` as it was, so the deletion clock keeps running."""
    purged = Game.deleted_at < now - keep_deleted if keep_deleted is not None else sa.false()
    with one_writer():
        doomed = {row.id: row.code for row in db.session.execute(sa.select(Game.id, Game.code).where(sa.or_(
            sa.and_(Game.archived, Game.updated_at < now - archive_after - delete_after), purged)))}
        _delete_games(list(doomed))
        idle = list(db.session.scalars(sa.select(Game.id).where(
            ~Game.archived, Game.deleted_at.is_(None), Game.updated_at < now - archive_after)))
        db.session.execute(sa.update(Game).where(Game.id.in_(idle)).values(archived=True, seating=Game.seating + 1)
                           .execution_options(synchronize_session=False))
        # Devices still showing them hear of it like of any change: the archived one's new token, or gone.
        moved: dict[str, changes.Heard] = {code: changes.GONE for code in doomed.values()}
        moved.update((row.code, changes.LiveToken(row.version, row.seating)) for row in db.session.execute(
            sa.select(Game.code, Game.version, Game.seating).where(Game.id.in_(idle))))
        for code, token in moved.items():
            changes.within(code, token)
        db.session.commit()
    for code, token in moved.items():
        changes.committed(code, token)
    return len(idle), len(doomed)


# --- seats ----------------------------------------------------------------------------------

class SeatTaken(Exception):
    """Another device holds the seat: taking it over needs a confirmation."""

    def __init__(self, holder_id: str, holder_label: str):
        super().__init__(holder_label)
        self.holder_id, self.holder_label = holder_id, holder_label


def seating(game: Game) -> dict[str, tuple[str, str]]:
    """seat id -> (device id, its label), in one query."""
    rows = db.session.execute(_seating(), {"game_id": game.id})
    return {r.seat_id: (r.device_id, r.label or "") for r in rows}


@functools.cache
def _seating() -> sa.Select:
    """seating's query, built once: every panel drawn asks it (see _moved)."""
    return (sa.select(Seat.seat_id, Seat.device_id, Device.label)
            .outerjoin(Device, Device.id == Seat.device_id).where(Seat.game_id == sa.bindparam("game_id")))


def seats_by_device(game_id: int) -> dict[str, str]:
    """device id -> the seat it holds in this game."""
    query = sa.select(Seat.device_id, Seat.seat_id).where(Seat.game_id == game_id)
    return dict(db.session.execute(query).tuples().all())


def take_seat(game: Game, seat_id: str, device_id: str, take_over: bool = False) -> None:
    """This device holds `seat_id` (and no other seat of this game)."""
    with one_writer():
        _take_seat(game, seat_id, device_id, take_over)


def _take_seat(game: Game, seat_id: str, device_id: str, take_over: bool) -> None:
    holder = db.session.scalar(sa.select(Seat.device_id).where(Seat.game_id == game.id, Seat.seat_id == seat_id))
    if holder == device_id:
        return
    if holder is not None and not take_over:
        raise SeatTaken(holder, device_label(holder))
    # Only the holder this device saw is replaced: if another device took the seat meanwhile,
    # the insert below collides with it and this device is asked again.
    mine_or_seen = Seat.device_id == device_id
    if holder is not None:
        mine_or_seen = sa.or_(mine_or_seen, sa.and_(Seat.seat_id == seat_id, Seat.device_id == holder))
    db.session.execute(sa.delete(Seat).where(Seat.game_id == game.id, mine_or_seen))
    db.session.add(Seat(game_id=game.id, seat_id=seat_id, device_id=device_id))
    try:
        db.session.flush()
    except sa.exc.IntegrityError:
        db.session.rollback()
        holder = db.session.scalar(sa.select(Seat.device_id).where(Seat.game_id == game.id, Seat.seat_id == seat_id))
        raise SeatTaken(holder or "", device_label(holder) if holder else "") from None
    _bump_seating(game)


def release_seat(game: Game, device_id: str) -> None:
    with one_writer():
        if _rowcount(db.session.execute(sa.delete(Seat).where(Seat.game_id == game.id, Seat.device_id == device_id))):
            _bump_seating(game)
        else:
            db.session.rollback()


def _bump_seating(game: Game) -> None:
    """Seats, the name, the archive flag: what screens show beside the state. Waking them is enough.

    Called inside one_writer(), by the change it belongs to. Each is also a sign of life: the game's
    idle time (archive, then delete) starts again."""
    db.session.execute(sa.update(Game).where(Game.id == game.id)
                       .values(seating=Game.seating + 1, updated_at=utcnow())
                       .execution_options(synchronize_session=False))
    db.session.refresh(game)  # the row as this transaction left it: the new token
    token = live_token(game)
    changes.within(game.code, token)
    db.session.commit()
    changes.committed(game.code, token)


# --- devices -----------------------------------------------------------------------------

def device_label(device_id: str) -> str:
    return db.session.scalar(sa.select(Device.label).where(Device.id == device_id)) or ""


def set_device_label(device_id: str, label: str) -> None:
    """The games where this device holds a seat show its name beside the seat: they move on too."""
    with one_writer():
        device = db.session.get(Device, device_id)
        if device is None:
            db.session.add(Device(id=device_id, label=label))
        else:
            device.label = label
        for game in db.session.scalars(sa.select(Game).join(Seat, Seat.game_id == Game.id)
                                       .where(Seat.device_id == device_id)).all():
            _bump_seating(game)  # the first commits the label with it
        db.session.commit()


def touch_presence(game_id: int, device_id: str) -> None:
    """Note that a device is looking at a game (written in a batch: see presence.py)."""
    presence.buffer().note(game_id, device_id)


def connected_devices(game: Game) -> list[tuple[str, str]]:
    """(device id, label) of devices seen on this game recently, most recent first."""
    presence.buffer().flush()
    since = utcnow() - CONNECTED_WITHIN
    rows = db.session.execute(
        sa.select(Presence.device_id, Device.label)
        .outerjoin(Device, Device.id == Presence.device_id)
        .where(Presence.game_id == game.id, Presence.last_seen >= since)
        .order_by(Presence.last_seen.desc()))
    return [(r.device_id, r.label or "") for r in rows]


def recent_games(device_id: str, limit: int = 12) -> list[Game]:
    presence.buffer().flush()
    return list(db.session.scalars(
        sa.select(Game).join(Presence, Presence.game_id == Game.id)
        .where(Presence.device_id == device_id, Game.deleted_at.is_(None))
        .order_by(Game.archived, Presence.last_seen.desc()).limit(limit)))


def _check_undo_chain(events: list[dict], final_state: dict) -> dict[int, int | None]:
    """Each undo must reverse the change undo would pick then and restore the state before it.

    Returns the undo stack after each event (recomputed from the history, never read from a file).
    """
    undo_next: dict[int, int | None] = {0: None}
    states_after = [e["state_before"] for e in events[1:]] + [final_state]
    for e, after in zip(events, states_after):
        if e["action"] == UNDO:
            target = e["undoes_seq"]
            if target != undo_next[e["seq"] - 1] or after != events[target - 1]["state_before"]:
                raise BadImport(N_("The history in the file does not add up."))
            undo_next[e["seq"]] = undo_next[target - 1]
        else:
            undo_next[e["seq"]] = e["seq"]
    return undo_next


# --- export / import ---------------------------------------------------------------------

def export_game(game: Game) -> dict:
    events = list(db.session.scalars(sa.select(Event).where(Event.game_id == game.id).order_by(Event.seq)))
    return {
        "format": EXPORT_FORMAT, "kind": game.kind, "title": game.title, "version": game.version,
        "state": game.state,
        "events": [{"seq": e.seq, "action": e.action, "params": e.params, "label": e.label,
                    "notices": e.notices, "device_label": e.device_label, "at": e.at.isoformat(),
                    "state_before": e.state_before, "undoes_seq": e.undoes_seq} for e in events],
    }


class BadImport(Exception):
    """The file is not a game this app exported (or it was changed): nothing is imported."""


# A game file holds what the app writes, within the same bounds (whatever it writes, it reads back).
MAX_STATE_DEPTH = 12  # the deepest state today is 5 deep (a campaign's chapters' mice)
MAX_STATE_STRING = MAX_PARAM_TEXT  # a state's texts are the rules' ids and what params brought in
MAX_NOTICES = 50  # one change says at most 6 things today
# How deep a file nests: a notice is 4 down (its dict in the events' list of notices), each message within
# it 2 more (its params, their value), its texts and numbers 2 below its deepest message. States and params
# sit less deep (3 + MAX_STATE_DEPTH, 3 + MAX_PARAM_DEPTH + 1).
MAX_FILE_DEPTH = 4 + 2 * MAX_TEXT_DEPTH + 2


def import_game(data: Any, render: Callable[[Game], Any], created_by: str | None = None) -> Game:
    """Create a new game (new code) from an exported file, after checking every part of it.

    `render` draws the new game's pages before the commit: a file that passes every check but still
    cannot be shown creates nothing."""
    kind, title, events = _checked_file(data)
    undo_next = _check_undo_chain(events, data["state"])
    with one_writer():
        game = Game(code=free_code(), kind=kind.key, title=title, state=data["state"], version=len(events),
                    created_by=created_by)
        db.session.add(game)
        db.session.flush()
        for e in events:
            db.session.add(Event(game_id=game.id, seq=e["seq"], action=e["action"], params=e["params"],
                                 label=e["label"], notices=list(e.get("notices") or []),
                                 device_id="import", device_label=_plain_text(e.get("device_label"), 40),
                                 at=datetime.fromisoformat(e["at"]), state_before=e["state_before"],
                                 undoes_seq=e.get("undoes_seq"), undo_next=undo_next[e["seq"]],
                                 moment_seat=acting_for(kind, e["state_before"], e["action"], e["params"])))
        try:
            db.session.flush()
            render(game)  # must not commit: it draws a game nobody has opened (no presence to write)
        except Exception as error:  # whatever the pages trip on, the file is what is wrong: keep nothing
            db.session.rollback()
            raise BadImport(N_("The game in the file cannot be shown.")) from error
        db.session.commit()
    return game


def _plain_text(value: Any, max_len: int) -> str:
    return "".join(ch for ch in str(value or "") if is_plain_text(ch))[:max_len]


def _checked_file(data: Any) -> tuple[Any, str, list[dict]]:
    """(kind, title, events) of a game file whose every part is what this app writes; else BadImport."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise BadImport(N_("This is not a Table Companion game file."))
    kind = kinds.get(str(data.get("kind")))
    if kind is None:
        raise BadImport(N_("This file holds a game this app does not know."))
    title, version, events = data.get("title"), data.get("version"), data.get("events")
    if not isinstance(title, str) or not 0 < len(title.strip()) <= 80 or not is_plain_text(title):
        raise BadImport(N_("The game's name in the file is missing or too long."))
    if not isinstance(version, int) or isinstance(version, bool) or not isinstance(events, list) \
            or version != len(events) or [e.get("seq") if isinstance(e, dict) else None
                                          for e in events] != list(range(1, version + 1)):
        raise BadImport(N_("The history in the file is incomplete or out of order."))
    try:
        _check_state(kind, data.get("state"))
        for e in events:
            _check_event(kind, e)
    except (RuleError, KeyError, TypeError, ValueError, AttributeError):
        raise BadImport(N_("The game state in the file is damaged.")) from None
    return kind, title.strip(), events


def _check_state(kind: Any, state: Any) -> None:
    # The generic bounds first: the kind's check may then rely on plain, bounded data.
    if not is_plain_data(state, MAX_STATE_DEPTH, MAX_STATE_STRING):
        raise ValueError("state out of bounds")
    kind.check_state(state)


def _check_event(kind: Any, e: dict) -> None:
    _check_state(kind, e["state_before"])
    text_from_file(e["label"])
    if not isinstance(e.get("notices", []), list) or len(e.get("notices", [])) > MAX_NOTICES:
        raise BadImport(N_("An event in the file is damaged."))
    for notice in e.get("notices", []):
        text_from_file(notice)
    if not isinstance(e["action"], str) or not 0 < len(e["action"]) <= 40 or not is_plain_text(e["action"]) \
            or not is_plain_params(e["params"]):
        raise BadImport(N_("An event in the file is damaged."))
    datetime.fromisoformat(e["at"])
    # An undo names an earlier change (the chain check says which); any other change names none.
    undoes = e.get("undoes_seq")
    if e["action"] == UNDO:
        names_earlier = isinstance(undoes, int) and not isinstance(undoes, bool) and 0 < undoes < e["seq"]
        if not names_earlier:
            raise BadImport(N_("An event in the file is damaged."))
    elif undoes is not None:
        raise BadImport(N_("An event in the file is damaged."))
