"""event moment seat: the seat whose moment a change was made at, so Undo on another seat's phone can ask
for a second step without reading the state before each change

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03 15:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('moment_seat', sa.String(length=80), nullable=True))
    # The changes already kept are read back into what the rules say of them (as an import does): the same
    # answer a change made today gets, so going down and up again loses nothing.
    from companion.kinds import get as kind_of
    from companion.rules.base import acting_for
    connection = op.get_bind()
    event, game = sa.table('event', sa.column('id'), sa.column('game_id'), sa.column('action'),
                           sa.column('params', sa.JSON), sa.column('state_before', sa.JSON),
                           sa.column('moment_seat')), \
        sa.table('game', sa.column('id'), sa.column('kind'))
    rows = connection.execute(sa.select(event.c.id, event.c.action, event.c.params, event.c.state_before, game.c.kind)
                              .join(game, game.c.id == event.c.game_id)
                              .where(event.c.state_before.is_not(None))).all()
    for row in rows:
        kind = kind_of(row.kind)
        seat = kind and acting_for(kind, row.state_before, row.action, row.params or {})
        if seat:
            connection.execute(event.update().where(event.c.id == row.id).values(moment_seat=seat))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('moment_seat')
