"""The archivists' area: add articles (upload HTML or WARC files, or give page URLs) and watch the ingest jobs.

Thin. On the SQLite store, files are saved into the data folder and a job is queued, which the jobs module runs in a
process of its own. On a PostgreSQL store the job becomes queued work: the pages go into the store's queue at once
and `newsarchive worker` processes, on any machine, do the rest; nothing waits on this server's disk.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import threading
from pathlib import Path, PurePosixPath

from flask import Blueprint, Flask, abort, current_app, jsonify, redirect, render_template, request, url_for

from indexer.sources.fetch import Limits, is_url
from search_app.auth import current_user, sign_in_required
from search_app.context import get_service
from search_app.i18n import N_
from search_app.jobs import Jobs, Worker, save_upload, upload_folder

archive = Blueprint("archive", __name__)
STATUSES = {"queued": N_("queued"), "running": N_("running"), "cancelling": N_("cancelling"), "done": N_("done"),
            "failed": N_("failed"), "cancelled": N_("cancelled")}
PAGE_KINDS = {"front": N_("front page"), "section": N_("section page"), "tag": N_("tag page"),
              "gallery": N_("photo gallery")}  # pages that only lead to articles (indexer/clean/page_kind.py)


@archive.context_processor
def statuses():
    from flask_babel import gettext

    return {"statuses": {k: gettext(v) for k, v in STATUSES.items()},
            "page_kinds": {k: gettext(v) for k, v in PAGE_KINDS.items()}}
MAX_UPLOAD_BYTES = 1024 * 1024 * 1024  # a day's WARC of a mid-sized site; larger crawls go through the CLI
MAX_UPLOAD_FILES = 5000
FORM_FIELDS = 10  # the form's other parts (its token, the URLs), counted by the parser beside the files
_worker_lock = threading.Lock()


def install(app: Flask) -> None:
    if not app.config.get("MAX_CONTENT_LENGTH"):
        app.config["MAX_CONTENT_LENGTH"] = MAX_UPLOAD_BYTES
    # Flask's own default (1,000 parts) stopped uploads at 999 files, whatever the message said
    app.config["MAX_FORM_PARTS"] = MAX_UPLOAD_FILES + FORM_FIELDS
    app.register_blueprint(archive)

    @app.errorhandler(413)
    def too_large(exc):
        message = (f"The upload is too large: at most {app.config['MAX_CONTENT_LENGTH'] // 2**20} MiB and "
                   f"{MAX_UPLOAD_FILES} files at once. Split it, pack the pages into a WARC file, or ingest them on "
                   "the server with `newsarchive ingest`.")
        if request.path.startswith("/api/"):
            return jsonify({"error": message}), 413
        return render_template("archive.html", jobs=_visible_jobs(), error=message), 413

    # Jobs left queued or running by an earlier process start again now, not at the next submit.
    with app.app_context():
        if any(j.status in ("queued", "running", "cancelling") for j in _jobs().recent(50)):
            _start_worker(app)


def safe_name(filename: str, n: int) -> str:
    """The uploaded file's own name, in any script, made safe to save: no folders, no leading dots, no control or
    shell characters, at most 120 characters, and its suffixes (.warc.gz) kept, since they decide how it is read."""
    base = PurePosixPath(filename.replace("\\", "/")).name
    base = re.sub(r"[^\w.\-]+", "-", base, flags=re.UNICODE).strip(".-")
    if not base or base in (".", ".."):
        return f"upload-{n}.html"
    suffix = "".join(PurePosixPath(base).suffixes)[-20:]
    return base[: 120 - len(suffix)].rstrip(".-") + suffix if len(base) > 120 else base


def _jobs() -> Jobs:
    return Jobs(get_service().archive.store)


def _visible_jobs(limit: int = 20) -> list:
    """The newest jobs the signed-in user may see: their own, or everyone's for an admin (a job's inputs name the
    files and pages an archivist is working on, which are not the other archivists' business)."""
    user = current_user()
    if user is None:
        return []
    return _jobs().recent(limit, user=None if user.is_admin else user.name)


def _visible_job(job_id: int):
    """The job, when the signed-in user may see it; else a 404, as for a job that does not exist (whether another
    archivist has a job of that number is not told)."""
    found = _jobs().get(job_id)
    user = current_user()
    if found is None or not (user.is_admin or found.user == user.name):
        abort(404, f"there is no job {job_id}" + ("" if user.is_admin else " that you started"))
    return found


def _start_worker(app: Flask) -> Worker:
    with _worker_lock:
        worker = app.extensions.get("newsarchive.worker")
        if worker is None or not worker.is_alive():
            limits = Limits(delay=app.config.get("FETCH_DELAY", 1.0),
                            allow_private=app.config.get("FETCH_ALLOW_PRIVATE", False))
            worker = Worker(app.config["DATA_DIR"], limits)
            worker.start()
            app.extensions["newsarchive.worker"] = worker
        return worker


@archive.get("/archive")
@sign_in_required
def dashboard():
    return render_template("archive.html", jobs=_visible_jobs(), error=None)


@archive.post("/archive/add")
@sign_in_required
def add():
    """Queue one job for everything in the form; nothing is queued when a line is not a URL (the form comes back)."""
    lines = [line.strip() for line in request.form.get("urls", "").splitlines() if line.strip()]
    bad = [line for line in lines if not is_url(line)]
    files = [f for f in request.files.getlist("files") if f and f.filename]
    error = None
    if len(files) > MAX_UPLOAD_FILES:
        abort(413)
    if bad:
        error = f"These lines are not http(s) URLs: {', '.join(bad[:5])}. Nothing was added; correct them and resend."
    elif not lines and not files:
        error = "Choose HTML or WARC files, or paste page URLs (one per line)."
    if error:
        return render_template("archive.html", jobs=_visible_jobs(), error=error,
                               urls=request.form.get("urls", "")), 400
    store = get_service().archive.store
    if store.remote:
        return redirect(url_for("archive.job", job_id=_queue(store, files, lines)))
    folder = upload_folder(current_app.config["DATA_DIR"]) if files else None
    inputs = _save(files, folder) if folder else []
    job_id = _jobs().submit(current_user().name, inputs + lines, folder)
    _start_worker(current_app._get_current_object()).wake()
    return redirect(url_for("archive.job", job_id=job_id))


def _save(files: list, folder: Path) -> list[str]:
    inputs = []
    for n, upload in enumerate(files, 1):
        path = folder / f"{n:03d}-{safe_name(upload.filename, n)}"
        save_upload(upload, path)
        inputs.append(str(path))
    return inputs


def _queue(store, files: list, lines: list[str]) -> int:
    """Queued work for the workers: each uploaded page (each capture of a WARC file) goes into the store; the files
    themselves only pass through a temporary folder of this request."""
    from indexer.ingest.enqueue import enqueue

    scratch = Path(tempfile.mkdtemp(prefix="newsarchive-upload-"))
    try:
        folder = upload_folder(scratch)  # …/uploads/STAMP/001-name.html: named as uploaded, like the other jobs
        inputs = _save(files, folder) if files else []
        return enqueue(store, current_user().name, inputs + lines, hide=f"{folder}/").job_id
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


@archive.get("/archive/jobs/<int:job_id>")
@sign_in_required
def job(job_id: int):
    return render_template("job.html", job=_visible_job(job_id))


@archive.post("/archive/jobs/<int:job_id>/cancel")
@sign_in_required
def cancel(job_id: int):
    """The archivist who started a job, or an admin, may cancel it; pages already read stay in the archive."""
    _jobs().cancel(_visible_job(job_id).id)
    return redirect(url_for("archive.job", job_id=job_id))


@archive.get("/api/jobs")
@sign_in_required
def api_jobs():
    return jsonify({"jobs": [j.as_dict() for j in _visible_jobs(50)]})


@archive.get("/api/jobs/<int:job_id>")
@sign_in_required
def api_job(job_id: int):
    return jsonify(_visible_job(job_id).as_dict())
