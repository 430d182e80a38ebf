"""Users, for admins: list, create, change a role, deactivate, reactivate
and reset a password (``service.accounts.user_admin``,
``service.accounts.passwords``). Each change is an event naming the admin."""

from __future__ import annotations

from flask.views import MethodView

from service.accounts.auth import create_user
from service.accounts.passwords import reset_password
from service.accounts.roles import Role
from service.accounts.user_admin import change_role, deactivate, list_users, reactivate
from service.accounts.user_values import PasswordResetJson, UserJson, password_reset_json, user_json
from service.api.accounts.user_schemas import (
    PasswordResetSchema,
    RoleChangeJson,
    RoleChangeSchema,
    UserCreateJson,
    UserCreateSchema,
    UserSchema,
)
from service.api.http.blueprint import Blueprint
from service.api.http.security import current_user, roles
from service.api.http.transactions import committed
from service.api.http.work import db, now

blp = Blueprint("users", __name__, url_prefix="/users", description="Users, for admins")

LAST_ADMIN = "last_admin: the last active admin cannot lose the role or be deactivated; make another first"


@blp.route("")
class UsersView(MethodView):
    @blp.response(200, UserSchema(many=True))
    @roles(Role.ADMIN)
    def get(self) -> list[UserJson]:
        """Every user, by name, deactivated ones too."""
        return [user_json(user) for user in list_users(db())]

    @blp.arguments(UserCreateSchema)
    @blp.response(201, UserSchema)
    @blp.error(409, "user_exists: a user has this name (field name)")
    @roles(Role.ADMIN)
    def post(self, body: UserCreateJson) -> UserJson:
        """A new user. The admin chose the password, so the user must set
        their own at the first sign-in (a device excepted: its password is
        the machine's secret). 422 at password: the policy's refusal."""
        user = committed(
            lambda: create_user(
                db(),
                body["name"],
                body["role"],
                body["password"],
                current_user().id,
                must_change_password=True,
            )
        )
        return user_json(user)


@blp.route("/<id:user_id>/role", methods=["PUT"])
@blp.arguments(RoleChangeSchema)
@blp.response(200, UserSchema)
@blp.error(409, LAST_ADMIN)
@roles(Role.ADMIN)
def put_role(body: RoleChangeJson, user_id: int) -> UserJson:
    """Give the user another role: it holds at once, their tokens included
    (a ``role_changed`` event with the role before and after)."""
    user = committed(lambda: change_role(db(), user_id, body["role"], current_user().id))
    return user_json(user)


@blp.route("/<id:user_id>/deactivate", methods=["POST"])
@blp.response(200, UserSchema)
@blp.error(409, f"own_account: nobody deactivates themselves; {LAST_ADMIN}")
@roles(Role.ADMIN)
def post_deactivate(user_id: int) -> UserJson:
    """Deactivate the user: every token of theirs is refused at once, and
    they sign in nowhere until reactivated. Already deactivated: unchanged."""
    user = committed(lambda: deactivate(db(), user_id, current_user().id, now()))
    return user_json(user)


@blp.route("/<id:user_id>/reactivate", methods=["POST"])
@blp.response(200, UserSchema)
@roles(Role.ADMIN)
def post_reactivate(user_id: int) -> UserJson:
    """Let a deactivated user sign in again, with the password they had
    (their old tokens stay revoked). Already active: unchanged."""
    user = committed(lambda: reactivate(db(), user_id, current_user().id, now()))
    return user_json(user)


@blp.route("/<id:user_id>/password-reset", methods=["POST"])
@blp.response(200, PasswordResetSchema)
@roles(Role.ADMIN)
def post_password_reset(user_id: int) -> PasswordResetJson:
    """A generated password, shown this once: the user is signed out
    everywhere, their locks lifted, and they set their own at the next
    sign-in (a device's is its new secret: no change asked)."""
    done = committed(lambda: reset_password(db(), user_id, current_user().id, now()))
    return password_reset_json(done)
