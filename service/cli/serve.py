"""``breakpoker serve``: the API under gunicorn, with ``ops/gunicorn.conf.py``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from service.config.environment import read_environment

CONFIG_VARIABLE = "BREAKPOKER_GUNICORN_CONFIG"
# In a checkout (an editable install): ops/ beside the service package. An
# installed image names its copy in BREAKPOKER_GUNICORN_CONFIG.
CHECKOUT_CONFIG = Path(__file__).resolve().parents[2] / "ops" / "gunicorn.conf.py"


@click.command("serve")
@click.option("--host", help="Address to listen on  [default: from the config, 127.0.0.1]")
@click.option("--port", type=click.IntRange(1, 65535), help="Port  [default: from the config, 8000]")
@click.option("--workers", type=click.IntRange(1, 64), help="Worker processes  [default: from the config]")
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help=f"The gunicorn config file  [default: {CONFIG_VARIABLE}, or {CHECKOUT_CONFIG}]",
)
def serve(host: str | None, port: int | None, workers: int | None, config_path: Path | None) -> None:
    """Run the HTTP API (migrate first: `breakpoker db upgrade`)."""
    config_path = config_path or read_environment().gunicorn_config or CHECKOUT_CONFIG
    if not config_path.is_file():
        raise click.ClickException(f"no gunicorn config at {config_path}: set {CONFIG_VARIABLE}")
    argv = [sys.executable, "-m", "gunicorn", "--config", str(config_path)]
    if host is not None or port is not None:
        argv += ["--bind", f"{host or '127.0.0.1'}:{port or 8000}"]
    if workers is not None:
        argv += ["--workers", str(workers)]
    # Gunicorn takes this process over: signals reach its master directly.
    os.execv(sys.executable, argv)
