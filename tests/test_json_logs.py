"""Logs stored as JSON by a log collector (core/text/jsonlog.py): a traceback inside a JSON
logger's record, Docker's json-file lines, an ECS or Cloud Logging entry, or a value copied out of
one, reads the same as the plain log, whether handed over as text, as bytes or as a file to the CLI."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import pytest

import aotidebug
from aotidebug.core.describe import error_text
from aotidebug.core.text.frames import parse_text
from aotidebug.core.text.jsonlog import unjson
from aotidebug.faces import cli

LOGS = Path(__file__).parent / "fixtures" / "logs"
# real captures of this machine's torch, each with its labelled category
CAPTURES = ("cpu-boxed-run-with-a-str", "cpu-autotune-local-cache-cut-short",
            "cpu-compile-cache-under-a-file", "cpu-compile-cache-dir-with-backslash")
STAMP = "2026-01-01T12:00:00.123456Z"


def _docker(t: str) -> str:
    return "\n".join(json.dumps({"log": ln + "\n", "stream": "stderr", "time": STAMP}) for ln in t.split("\n"))


FORMATS = {
    "json-logger": lambda t: json.dumps({"asctime": STAMP, "levelname": "ERROR", "name": "serve",
                                         "message": "inference failed", "exc_info": t}),
    "docker-json-file": _docker,
    "kubectl-over-docker": lambda t: "\n".join(f"{STAMP} stderr F {ln}" for ln in _docker(t).split("\n")),
    "ecs": lambda t: json.dumps({"@timestamp": STAMP, "log.level": "error",
                                 "error": {"type": "RuntimeError", "stack_trace": t}}),
    "datadog": lambda t: json.dumps({"status": "error", "error.kind": "RuntimeError", "error.stack": t}),
    "cloud-logging-pretty": lambda t: json.dumps({"severity": "ERROR", "jsonPayload": {"message": t}}, indent=2),
    "gelf": lambda t: json.dumps({"version": "1.1", "host": "gpu-7", "short_message": "inference failed",
                                  "full_message": t, "level": 3}),
    "records-array": lambda t: json.dumps([{"timestamp": STAMP, "textPayload": ln} for ln in t.split("\n")]),
    "escaped-value": lambda t: json.dumps(t)[1:-1],
    "quoted-value": json.dumps,
}

ADD_WORDS = ("json-logger", "gelf")  # the record's own message ("inference failed") is read too


def _capture(name: str) -> tuple[str, str]:
    text = (LOGS / f"{name}.txt").read_text(encoding="utf-8")
    return text, json.loads((LOGS / f"{name}.json").read_text())["category"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", CAPTURES)
def test_a_real_capture_stored_as_json_reads_as_the_plain_log(name, fmt):
    text, label = _capture(name)
    plain = aotidebug.diagnose(text)
    assert plain.category.value == label, "the plain capture must read right for the test to mean anything"
    stored = FORMATS[fmt](text)
    assert parse_text(stored).frames != parse_text(text).frames or not parse_text(text).frames
    for handed in (stored, stored.encode("utf-8")):
        d = aotidebug.diagnose(handed)
        assert (d.category, d.code) == (plain.category, plain.code)
        if fmt not in ADD_WORDS:
            assert d.confidence == plain.confidence


def test_a_live_exception_logged_by_a_json_formatter_keeps_its_frames():
    class JsonFormatter(logging.Formatter):  # the shape of python-json-logger's output, stdlib only
        def format(self, record: logging.LogRecord) -> str:
            return json.dumps({"time": STAMP, "level": record.levelname, "message": record.getMessage(),
                               "exc_info": self.formatException(record.exc_info) if record.exc_info else None})

    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    log = logging.getLogger("aotidebug-test-json")
    log.addHandler(handler)
    log.propagate = False
    try:
        try:
            {}["input_0"]
        except KeyError as exc:
            log.exception("inference failed")
            live = exc
    finally:
        log.removeHandler(handler)
    line = stream.getvalue()
    assert line.count("\n") == 1 and "\\n" in line           # one record, its traceback escaped
    frames = parse_text(error_text(line)).frames
    assert frames and [(f.module, f.function) for f in frames] == \
        [(f.module, f.function) for f in parse_text(error_text(live)).frames]


def test_text_that_logs_nothing_as_json_is_left_alone():
    plain = "Traceback (most recent call last):\n  File \"run.py\", line 3\nRuntimeError: x"
    assert unjson(plain) is plain
    for text in ('RuntimeError: bad config {"dim": 4, "layers": [1, 2]}',  # JSON that logs no text
                 '{"a": 1}', "[1, 2, 3]", '{"message": "x"', '{"message": ""}',
                 "printf(\"a\\n\"); // one escape in C++ source\n" * 3):
        assert unjson(text) == text


def test_a_json_error_body_keeps_what_precedes_it():
    text = 'requests.exceptions.HTTPError: 500 {"detail": "RuntimeError: Error in dlopen: model.so"}'
    assert unjson(text) == "requests.exceptions.HTTPError: 500 RuntimeError: Error in dlopen: model.so"


@pytest.mark.parametrize("hostile", [
    "[" * 100_000 + "]" * 100_000,                             # nesting past the parser's recursion
    json.dumps({"message": "x" * 10, "nest": [[[[[[[[[[{"message": "deep"}]]]]]]]]]]}),
    json.dumps([{"msg": "line"}] * 50_000),
    '{"message": "\\ud800 lone surrogate"}',
    '"' + "\\n" * 10 + '\\q bad escape"',
    "\x00{\"log\": \"\x00\"}",
])
def test_hostile_json_never_raises(hostile):
    out = unjson(hostile)
    assert isinstance(out, str) and len(out) <= len(hostile) + 10
    assert aotidebug.diagnose(hostile).category.value  # a Diagnosis, whatever it says


def test_the_cli_reads_a_docker_json_log_file(tmp_path):
    text, label = _capture(CAPTURES[0])
    log = tmp_path / "container-json.log"
    log.write_text(_docker(text), encoding="utf-8")
    out = io.StringIO()
    code = cli.main(["diagnose", str(log), "--json"], out)
    assert code == cli.EXIT_OK and json.loads(out.getvalue())["category"] == label
