#!/usr/bin/env python3
"""Parrot behind an HTTP endpoint: a Banter bot as a small web server (standard library only).

It speaks both formats Banter has for bots behind a URL (docs/external-bots.md):

  POST /banter                 Banter's events, one a request; answers a JSON list of actions
  POST /webhooks/rest/webhook  Rasa's REST channel: {"sender", "message"} in, a list of
                               {"recipient_id", "text", "buttons", "image"} out

Run it, then chat with it or test it:

  python3 examples/bots/parrot_server.py            # listens on 127.0.0.1:5055
  banter chat --bot examples/bots/parrot-http.toml
  banter chat --bot-url http://127.0.0.1:5055/webhooks/rest/webhook
  banter test examples/scenarios/parrot-http.lua examples/scenarios/parrot-rasa.lua

--port 0 picks a free port; the first line it prints says which.
"""
import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# What each conversation told us, by Banter's conversation id (events) or Rasa's sender id.
names = {}


def events_answer(event):
    """Banter's event format: the same events and actions as a program bot's JSON Lines."""
    conversation = event.get("conversation", "")
    kind = event["type"]
    if kind == "opened":
        if "name" in event["memory"]:
            names[conversation] = event["memory"]["name"]
        if event["first_time"]:
            return [{"type": "reply", "text": "Hi! I'm Parrot, over HTTP 🦜", "typing": True},
                    {"type": "reply", "text": "Tell me your name, or say 'remind me'.", "after_ms": 500,
                     "actions": {"quick_replies": [{"label": "remind me"}, {"label": "colours?"}]}}]
        return []
    if kind == "message":
        text = event["message"]["text"]
        if text.lower().startswith("my name is "):
            names[conversation] = text[11:].strip()
            return [{"type": "remember", "key": "name", "value": names[conversation]},
                    {"type": "reply", "text": f"Nice to meet you, {names[conversation]}!", "typing": True}]
        if text.lower() == "remind me":
            return [{"type": "reply", "text": "OK, I'll squawk in a minute.", "typing_ms": 800},
                    {"type": "timer", "name": "squawk", "after_ms": 60000, "data": {"asked_at": event["now"]}}]
        if text.lower() == "colours?":
            return [{"type": "reply", "text": "Pick one:", "actions": {"buttons": [
                {"label": "Green", "payload": "green"}, {"label": "Red", "payload": "red"}]}}]
        return [{"type": "status", "status": "read"}, {"type": "reply", "text": echo(text, conversation), "typing": True}]
    if kind == "timer" and event["name"] == "squawk":
        waited = (event["now"] - event["data"]["asked_at"]) // 1000
        return [{"type": "reply", "text": f"SQUAWK! {waited} seconds have passed.", "after_ms": 1000}]
    if kind == "button":
        return [{"type": "reply", "text": f"{event['payload']} is a fine feather colour."}]
    return []


def rasa_answer(request):
    """Rasa's REST channel: only the user's text (a button's payload when one was picked)."""
    sender, text = request["sender"], request["message"]

    def say(**fields):
        return dict(recipient_id=sender, **fields)

    if text.startswith("/colour"):
        colour = json.loads(text[len("/colour"):])["colour"]
        return [say(text=f"{colour} is a fine feather colour."), say(image=f"https://example.com/{colour}.png")]
    if text.lower() in ("hi", "hello"):
        return [say(text="Hi! I'm Parrot on Rasa's REST channel. Pick a colour:", buttons=[
            {"title": "Green", "payload": '/colour{"colour": "green"}'},
            {"title": "Red", "payload": '/colour{"colour": "red"}'}])]
    if text.lower().startswith("my name is "):
        names[sender] = text[11:].strip()
        return [say(text=f"Nice to meet you, {names[sender]}!")]
    return [say(text=echo(text, sender))]


def echo(text, conversation):
    name = names.get(conversation)
    return f"{text}! {text}!" + (f" squawk, {name}" if name else "")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: Banter posts every message on one connection
    # TCP_NODELAY: the headers and the body go out as two small writes; without it the body
    # waits for the client's delayed ACK, 40 ms an answer on Linux.
    disable_nagle_algorithm = True

    def do_POST(self):
        request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if self.path == "/banter":
            answer = events_answer(request)
        elif self.path == "/webhooks/rest/webhook":
            answer = rasa_answer(request)
        else:
            self.send_error(404, "Parrot answers at /banter and /webhooks/rest/webhook")
            return
        body = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description="Parrot, a Banter bot behind an HTTP endpoint")
    parser.add_argument("--port", type=int, default=5055)
    server = ThreadingHTTPServer(("127.0.0.1", parser.parse_args().port), Handler)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
