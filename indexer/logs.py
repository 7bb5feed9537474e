"""Log lines on stderr, as `--log-format text|json` and `--log-level` ask (serve, worker, ingest, crawl).

JSON: one object a line with `time` (UTC, ISO 8601), `level`, `event` (a name an operator can alert on:
`request`, `store_unreachable`, `store_recovered`, `index_unreachable`, `index_recovered`, `index_node_down`,
`index_node_up`; `log` for any other line) and `message`, plus what the line carries (a request's `method`, `path`,
`status`, `duration_ms`, `request_id`, `user`). Text: the same, readable. Either way a password in a URL is masked
before the line is written, whoever wrote it.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time

FORMATS = ("text", "json")
LEVELS = ("debug", "info", "warning", "error")
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}
# user:password@ in any URL (postgresql://, solr://, solrs://, http://)
_PASSWORD = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*):[^@/\s]+@", re.I)


def masked(text: str) -> str:
    return _PASSWORD.sub(r"\1:***@", text)


def _fields(record: logging.LogRecord) -> dict:
    """What the line carries beyond the standard attributes (the `extra` of the call)."""
    return {k: v for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")}


def _stamp(record: logging.LogRecord) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"


class JSONFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields = _fields(record)
        line = {"time": _stamp(record), "level": record.levelname.lower(), "event": fields.pop("event", "log"),
                "message": masked(record.getMessage()), "logger": record.name}
        line.update(fields)
        if record.exc_info:
            line["error"] = masked(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        text = f"{_stamp(record)} {record.levelname:<7} {masked(record.getMessage())}"
        if record.exc_info:
            text += "\n" + masked(self.formatException(record.exc_info))
        return text


_format = "text"


def in_json() -> bool:
    """Whether this process writes JSON lines on stderr (then nothing else may go there, a progress bar neither)."""
    return _format == "json"


def configure(fmt: str = "text", level: str = "info") -> None:
    """Every logger of the process writes to stderr in `fmt` from `level` on (the libraries' from warnings on, but
    psycopg's pool, whose outage lines the store's own replace: indexer/store_db.py)."""
    global _format
    _format = fmt
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JSONFormatter() if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(max(logging.WARNING, getattr(logging, level.upper())))
    logging.getLogger("newsarchive").setLevel(getattr(logging, level.upper()))
    logging.getLogger("waitress").setLevel(max(logging.WARNING, getattr(logging, level.upper())))


def add_options(parser, level: str = "info") -> None:
    """--log-format and --log-level (default `level`), for the commands that run a while."""
    parser.add_argument("--log-format", choices=FORMATS, default="text",
                        help="log lines on stderr as text (default) or JSON, one object a line with time, level, "
                             "event and message (and for each web request its method, path without the query, "
                             "status, duration_ms, request_id and user)")
    parser.add_argument("--log-level", choices=LEVELS, default=level,
                        help=f"the least important lines written (default {level}; info: also a line per web "
                             "request and per batch of pages; warning: the events an operator acts on, such as a "
                             "backend that stops or starts answering)")
