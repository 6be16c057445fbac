"""player actions' seat: a change to one player's own counts (Mage Knight's Fame, mines, score sheet) keeps that
player's seat, as a change made today does (rules.base.acting_for's player_actions), so that Undo on another
seat's phone asks its second step for the changes made before the upgrade too

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05 19:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    from companion.kinds import get as kind_of
    from companion.rules.base import acting_for
    connection = op.get_bind()
    event, game = sa.table('event', sa.column('id'), sa.column('game_id'), sa.column('action'),
                           sa.column('params', sa.JSON), sa.column('state_before', sa.JSON),
                           sa.column('moment_seat')), \
        sa.table('game', sa.column('id'), sa.column('kind'))
    rows = connection.execute(sa.select(event.c.id, event.c.action, event.c.params, event.c.state_before, game.c.kind)
                              .join(game, game.c.id == event.c.game_id)
                              .where(event.c.state_before.is_not(None), event.c.moment_seat.is_(None))).all()
    for row in rows:
        kind = kind_of(row.kind)
        if kind is None or row.action not in kind.player_actions:
            continue
        seat = acting_for(kind, row.state_before, row.action, row.params or {})
        if seat:
            connection.execute(event.update().where(event.c.id == row.id).values(moment_seat=seat))


def downgrade():
    pass  # the seats kept are what 0005's column holds anyway: nothing to take back
