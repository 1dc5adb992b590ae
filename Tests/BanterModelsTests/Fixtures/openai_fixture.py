#!/usr/bin/env python3
"""An OpenAI-compatible chat-completions server for Banter's tests, on loopback.

Standard library only. POST /v1/chat/completions answers by the requested model id:

  echo      streams "You said: <last user message>" as Server-Sent Events, a word a chunk,
            then data: [DONE] (a whole JSON answer when the request has "stream": false)
  persona   streams a fixed, friendly answer that names the last user message's length
  drip      streams "Well, let me think about <last user message> slowly." a word every
            0.4 s (for the bubble that grows while a stream arrives)
  slow      waits 5 s before answering (for time limits)
  limited   429 Too Many Requests with Retry-After: 7 and an OpenAI error body
  broken    500 with an OpenAI error body
  garbage   streams an event whose data is not JSON
  cut       streams two chunks and closes without data: [DONE]
  whole     answers with one application/json completion, not a stream
  keyed     401 unless the Authorization header is "Bearer sesame"

Prints "listening on PORT" on its first line (and writes PORT to --port-file) (port 0 asks the system for a free one), then
serves until killed. Every request body is appended, one JSON line each, to the file named
by --log when given.
"""
import argparse
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def chunk(text, finish=None):
    return {
        "id": "chatcmpl-fixture",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "fixture",
        "choices": [{"index": 0, "delta": {"content": text} if text else {}, "finish_reason": finish}],
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # TCP_NODELAY: each streamed chunk goes out when written, not held for the client's
    # delayed ACK (40 ms on Linux), as a real endpoint streams.
    disable_nagle_algorithm = True
    log_path = None

    def log_message(self, *args):  # quiet: the tests read stdout
        pass

    def send_json(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def stream(self, events, done=True, pause=0.01):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b": fixture keep-alive\n\n")
        for event in events:
            payload = event if isinstance(event, str) else json.dumps(event)
            self.wfile.write(("data: " + payload + "\n\n").encode())
            self.wfile.flush()
            time.sleep(pause)
        if done:
            self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()
        self.close_connection = True

    def do_POST(self):
        if self.path != "/v1/chat/completions":
            return self.send_json(404, {"error": {"message": "no route " + self.path}})
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        if Handler.log_path:
            with open(Handler.log_path, "a") as log:
                log.write(raw.decode() + "\n")
        try:
            body = json.loads(raw)
        except ValueError:
            return self.send_json(400, {"error": {"message": "the body is not JSON"}})
        model = body.get("model")
        users = [m["content"] for m in body.get("messages", []) if m.get("role") == "user"]
        last = users[-1] if users else ""
        if model == "echo":
            text = "You said: " + last
        elif model == "persona":
            text = "Oh, I love that! Tell me more (%d letters is a good start)." % len(last)
        elif model == "drip":
            text = "Well, let me think about %s slowly." % last
        elif model == "slow":
            time.sleep(5)
            text = "finally"
        elif model == "limited":
            return self.send_json(
                429, {"error": {"message": "Rate limit reached for requests", "type": "requests"}},
                headers=[("Retry-After", "7")])
        elif model == "broken":
            return self.send_json(500, {"error": {"message": "The server had an error"}})
        elif model == "garbage":
            return self.stream([chunk("Hel"), "this is not json"])
        elif model == "cut":
            return self.stream([chunk("Half "), chunk("an answer")], done=False)
        elif model == "keyed":
            if self.headers.get("Authorization") != "Bearer sesame":
                return self.send_json(401, {"error": {"message": "Incorrect API key provided"}})
            text = "Welcome in."
        elif model == "whole":
            return self.send_json(200, {
                "id": "chatcmpl-fixture", "object": "chat.completion", "model": "whole",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": "One piece."},
                             "finish_reason": "stop"}]})
        else:
            return self.send_json(404, {"error": {"message": "The model '%s' does not exist" % model}})
        if body.get("stream") is False:
            return self.send_json(200, {
                "object": "chat.completion",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]})
        words = text.split(" ")
        pieces = [w + (" " if i < len(words) - 1 else "") for i, w in enumerate(words)]
        self.stream([chunk(p) for p in pieces] + [chunk("", "stop")], pause=0.4 if model == "drip" else 0.01)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log")
    parser.add_argument("--port-file", help="also write the port to this file once listening")
    options = parser.parse_args()
    Handler.log_path = options.log
    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    server.daemon_threads = True
    print("listening on %d" % server.server_address[1], flush=True)
    if options.port_file:
        with open(options.port_file + ".tmp", "w") as out:
            out.write(str(server.server_address[1]))
        os.rename(options.port_file + ".tmp", options.port_file)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
