"""`fracas serve`: the web table (src/fracas/web, docs/web.md).

Typer alone is imported at module level; FastAPI, uvicorn and the store load when the
command runs, so `fracas --help` stays quick.
"""

from __future__ import annotations

from typing import Annotated

import typer

from fracas.core.errors import FracasError

MAX_WORKERS = 64


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Database URL; default FRACAS_DATABASE_URL, else ./fracas.db."),
    ] = None,
    demo: Annotated[
        bool,
        typer.Option("--demo", help="Start a demo encounter for every ruleset and print links."),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=MAX_WORKERS,
            help="Server processes sharing the port: one per core for a busy server.",
        ),
    ] = 1,
) -> None:
    """Serve the web table: GM and player pages, live over WebSockets."""
    import uvicorn

    from fracas.store import open_store
    from fracas.store.engine import database_url
    from fracas.web.app import create_app
    from fracas.web.demo import start_demos
    from fracas.web.limits import MAX_MESSAGE_BYTES
    from fracas.web.workers import serve_workers

    # ws_max_size: uvicorn drops a larger socket frame before buffering it (docs/limits.md);
    # no per-message deflate: a step's messages are small deltas, and compressing them cost
    # the server a third of its time under load (docs/performance.md)
    options = {
        "log_level": "warning",
        "ws_max_size": MAX_MESSAGE_BYTES,
        "ws_per_message_deflate": False,
    }
    try:
        url = database_url(db)
        store = open_store(url)
        base = f"http://{'localhost' if host in ('127.0.0.1', 'localhost') else host}:{port}"
        if demo:
            for line in start_demos(store, base):
                print(line, flush=True)
        print(f"fracas serves on {base}/ (Ctrl-C stops it)", flush=True)
        if workers > 1:
            serve_workers(store, url, host, port, workers, options)
            return
    except FracasError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    uvicorn.run(create_app(store), host=host, port=port, **options)  # type: ignore[arg-type]
