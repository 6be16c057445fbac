"""Friction for guessers and floods, counted in the server process (Flask-Limiter's memory://: a server on
SQLite is one process), or in Redis or Memcached that several processes share (RATELIMIT_STORAGE_URI).

- Wrong codes, per address (unlimited, one client would find one of ten live games in under an hour).
  Only a code no game has counts; once tripped, a code this device never opened waits (429) whether a
  game has it or not (else the answers tell which codes exist), and the address's own games still answer.
- New games (the setup form, the API, import) and imported bytes, per address.
- Changes to a game, per device and per address: far above what a table taps, far below what fills a disk.
"""
from __future__ import annotations

import math
import time

from flask import Flask, Response, current_app, g, request, session
from flask_babel import gettext as _
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter, RateLimiter
from werkzeug.exceptions import TooManyRequests

from ..storage import store
from . import turns

# A 429 says Retry-After, no other answer carries limit headers. A limit never fails open: while a shared
# store fails (its server gone), Flask-Limiter counts in this process and tries the store again.
limiter = Limiter(get_remote_address, headers_enabled=False, swallow_errors=False, in_memory_fallback_enabled=True)
# The same for the limits counted here (wrong codes, imported bytes).
_fallback = FixedWindowRateLimiter(MemoryStorage())

# The setup form, the API and import share one budget: each makes a game.
new_game_limit = limiter.shared_limit(lambda: current_app.config["NEW_GAME_LIMIT"], scope="new-game",
                                      methods=["POST"])


def _device() -> str:
    return getattr(g, "device_id", "") or request.cookies.get("device", "")


_per_device = limiter.shared_limit(
    lambda: current_app.config["ACTION_LIMIT_PER_DEVICE"], scope="changes-device", key_func=_device,
    error_message=lambda: _("Too many changes from this device in a short time: nothing was done. "
                            "Wait a few seconds and try again."))
_per_address = limiter.shared_limit(
    lambda: current_app.config["ACTION_LIMIT_PER_ADDRESS"], scope="changes-address",
    error_message=lambda: _("Too many changes from this network in a short time: nothing was done. "
                            "Wait a little and try again."))


def change_limit(view):
    """A request that changes a game: counted for its device and its address, then in turn at the game."""
    return _per_address(_per_device(turns.in_turn(view)))


# --- wrong codes --------------------------------------------------------------------------------

WRONG_CODE = "wrong-code"
KNOWN = "codes"  # the session's list of codes this device opened
KNOWN_MAX = 40


def retry_after(error: TooManyRequests) -> int | None:
    """Seconds until the limit that refused this request lets it through."""
    if isinstance(error.retry_after, int):  # this module's refusals
        return error.retry_after
    breached = limiter.current_limit if isinstance(error, RateLimitExceeded) else None
    if breached is None:
        return None
    # reset_at is rounded up to the next whole second: never say more than the window itself.
    return max(1, min(breached.limit.get_expiry(), math.ceil(breached.reset_at - time.time())))


def _within(item: RateLimitItem, *key: str, cost: int = 1, count: bool = True) -> bool:
    """limits' hit (or test), counted in the store, or in this process while the store fails."""
    try:
        return _counted(limiter.limiter, item, *key, cost=cost, count=count)
    except Exception:  # noqa: BLE001 — whatever the store raised (limits wraps no error of its own here)
        current_app.logger.exception("the limits' store failed; counted in this process")
        g.limits_fallback = True
        return _counted(_fallback, item, *key, cost=cost, count=count)


def _counted(strategy: RateLimiter, item: RateLimitItem, *key: str, cost: int, count: bool) -> bool:
    return strategy.hit(item, *key, cost=cost) if count else strategy.test(item, *key, cost=cost)


def _items(setting: str) -> list[RateLimitItem]:
    return parse_many(current_app.config[setting])


def _refusal(item: RateLimitItem, *key: str, message: str) -> TooManyRequests:
    strategy = _fallback if g.get("limits_fallback") else limiter.limiter
    reset = strategy.get_window_stats(item, *key).reset_time
    return TooManyRequests(message, retry_after=max(1, math.ceil(reset - time.time())))


def knows(code: str) -> bool:
    return store.normalize_code(code) in session.get(KNOWN, ())


def remember(code: str) -> None:
    """This device opened the game `code` (it answered): the wrong-code limit never holds it back."""
    code = store.normalize_code(code)
    known = list(session.get(KNOWN, ()))
    if code not in known:
        session[KNOWN] = [*known, code][-KNOWN_MAX:]


def check_code(code: str) -> None:
    """Before a lookup: 429 once the address had too many wrong codes, unless this device knows this one."""
    refusal = wrong_code(code, count=False)
    if refusal is not None:
        raise refusal


def wrong_code(code: str, count: bool = True) -> TooManyRequests | None:
    """No game has `code`: counted (`count` False: only tested) unless this device had it open; the 429 to
    answer if one too many."""
    if not limiter.enabled or knows(code):
        return None
    refusal = None
    for item in _items("WRONG_CODE_LIMIT"):
        if not _within(item, WRONG_CODE, get_remote_address(), count=count) and refusal is None:
            refusal = _refusal(item, WRONG_CODE, get_remote_address(), message=_(
                "Too many wrong game codes from this network. Wait a minute and try again."))
    return refusal


# --- imported bytes -----------------------------------------------------------------------------

IMPORTED = "imported-kb"


def spend_on_import(size: int) -> None:
    """A game file of `size` bytes (inflated), kept or refused: 429 past the address's budget."""
    if not limiter.enabled:
        return
    cost = max(1, math.ceil(size / 1024))
    for item in _items("IMPORT_MEGABYTES_LIMIT"):
        in_kb = type(item)(item.amount * 1024, item.multiples, item.namespace)
        if not _within(in_kb, IMPORTED, get_remote_address(), cost=cost):
            raise _refusal(in_kb, IMPORTED, get_remote_address(), message=_(
                "This network has imported %(megabytes)s MB of game files recently, as much as the server "
                "takes: nothing was imported. Try again later.", megabytes=item.amount))


def init_app(app: Flask) -> None:
    limiter.init_app(app)

    @app.before_request
    def code_first() -> None:
        code = (request.view_args or {}).get("code")
        if code is not None:
            check_code(code)

    @app.after_request
    def opened(response: Response) -> Response:
        code = (request.view_args or {}).get("code")
        if code is not None and limiter.enabled and 200 <= response.status_code < 400:
            remember(code)
        return response
