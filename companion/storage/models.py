"""The two persisted things: a game (its current state, versioned) and its append-only events."""
from __future__ import annotations

from datetime import datetime, UTC
from typing import TYPE_CHECKING, Any, ClassVar

import sqlalchemy as sa
import sqlalchemy.orm as so
from flask_sqlalchemy import SQLAlchemy


class Base(so.DeclarativeBase):
    pass


# Objects stay readable after commit: the store updates them itself instead of re-reading the row.
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})

if TYPE_CHECKING:
    Model = Base  # db.Model, made at run time from Base: a type checker sees no class in an attribute
else:
    Model = db.Model


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Game(Model):
    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    code: so.Mapped[str] = so.mapped_column(sa.String(8), unique=True, index=True)
    kind: so.Mapped[str] = so.mapped_column(sa.String(32))
    title: so.Mapped[str] = so.mapped_column(sa.String(80))
    version: so.Mapped[int] = so.mapped_column(default=0)
    state: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    archived: so.Mapped[bool] = so.mapped_column(default=False)
    # Bumped when a seat is taken or released: devices learn of it through the same live poll.
    seating: so.Mapped[int] = so.mapped_column(default=0, server_default="0")
    created_at: so.Mapped[datetime] = so.mapped_column(default=utcnow)
    updated_at: so.Mapped[datetime] = so.mapped_column(default=utcnow)
    # The device that started (or imported) it: it may delete it. None for games from before.
    created_by: so.Mapped[str | None] = so.mapped_column(sa.String(32), default=None)
    # Deleted games wait DELETED_KEEP_DAYS to be restored (by the devices that had them), then are purged.
    deleted_at: so.Mapped[datetime | None] = so.mapped_column(default=None)
    deleted_by: so.Mapped[str | None] = so.mapped_column(sa.String(32), default=None)
    if TYPE_CHECKING:
        __table__: ClassVar[sa.Table]  # a class mapped to a table (SQLAlchemy types any FromClause)
        last_change: Event  # not a column: the event this request just wrote (store._commit_change)


class Event(Model):
    """One change: what was done, by which device, and the state before it (what undo restores)."""

    __table_args__ = (sa.UniqueConstraint("game_id", "seq"),)

    id: so.Mapped[int] = so.mapped_column(primary_key=True)
    game_id: so.Mapped[int] = so.mapped_column(sa.ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seq: so.Mapped[int]  # the game version this event produced
    action: so.Mapped[str] = so.mapped_column(sa.String(40))
    params: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    label: so.Mapped[dict[str, Any]] = so.mapped_column(sa.JSON)
    notices: so.Mapped[list[Any]] = so.mapped_column(sa.JSON, default=list)
    device_id: so.Mapped[str] = so.mapped_column(sa.String(32))
    device_label: so.Mapped[str] = so.mapped_column(sa.String(40), default="")
    at: so.Mapped[datetime] = so.mapped_column(default=utcnow)
    state_before: so.Mapped[dict[str, Any] | None] = so.mapped_column(sa.JSON)
    undoes_seq: so.Mapped[int | None] = so.mapped_column(default=None)
    # The seat whose moment a seat's action was made at (rules.base.acting_for): Undo on another seat's
    # phone takes a second step for it, read without the state before.
    moment_seat: so.Mapped[str | None] = so.mapped_column(sa.String(80), default=None)
    # The seq an undo would reverse once this event is the latest: the multi-level undo stack,
    # kept with each event so finding the next undo is one indexed lookup.
    undo_next: so.Mapped[int | None] = so.mapped_column(default=None)
    if TYPE_CHECKING:
        __table__: ClassVar[sa.Table]


class Device(Model):
    """A browser, known by its cookie; the label is what other devices see ("Anna's phone")."""

    id: so.Mapped[str] = so.mapped_column(sa.String(32), primary_key=True)
    label: so.Mapped[str] = so.mapped_column(sa.String(40), default="")


class Presence(Model):
    """When a device last looked at a game: the roster of connected devices and "recent games"."""

    game_id: so.Mapped[int] = so.mapped_column(sa.ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    device_id: so.Mapped[str] = so.mapped_column(sa.String(32), primary_key=True)
    last_seen: so.Mapped[datetime] = so.mapped_column(default=utcnow, index=True)


class Seat(Model):
    """A phone holding a seat of a game (a Mage Knight player, a Mice and Mystics player or mouse)."""

    __table_args__ = (sa.UniqueConstraint("game_id", "device_id"),)

    game_id: so.Mapped[int] = so.mapped_column(sa.ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    seat_id: so.Mapped[str] = so.mapped_column(sa.String(80), primary_key=True)
    device_id: so.Mapped[str] = so.mapped_column(sa.String(32))
    taken_at: so.Mapped[datetime] = so.mapped_column(default=utcnow)
