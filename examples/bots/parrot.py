#!/usr/bin/env python3
"""Parrot: a Banter bot in plain Python (standard library only), spoken to in JSON Lines.

Banter writes one event a line on stdin ({"type": "message", "now": ..., "message": {...}});
the bot answers with actions, one JSON object a line on stdout, and ends every answer with
{"type": "done"}. See docs/external-bots.md for the whole protocol.
"""
import json
import sys


def send(**action):
    print(json.dumps(action), flush=True)


def answer(event, memory):
    kind = event["type"]
    if kind == "opened":
        memory.update(event["memory"])
        if event["first_time"]:
            send(type="reply", text="Hi! I'm Parrot 🦜 I repeat what you say.", typing=True)
            send(type="reply", text="Tell me your name, or say 'remind me'.", after_ms=500,
                 actions={"quick_replies": [{"label": "remind me"}, {"label": "colours?"}]})
    elif kind == "message":
        text = event["message"]["text"]
        send(type="status", status="read")
        if text.lower().startswith("my name is "):
            name = text[11:].strip()
            memory["name"] = name
            send(type="remember", key="name", value=name)
            send(type="reply", text=f"Nice to meet you, {name}!", typing=True)
        elif text.lower() == "remind me":
            send(type="reply", text="OK, I'll squawk in a minute.", typing_ms=800)
            send(type="timer", name="squawk", after_ms=60_000, data={"asked_at": event["now"]})
        elif text.lower() == "colours?":
            send(type="reply", text="Pick one:", actions={"buttons": [
                {"label": "Green", "payload": "green"}, {"label": "Red", "payload": "red"}]})
        else:
            name = memory.get("name")
            send(type="reply", text=f"{text}! {text}!" + (f" squawk, {name}" if name else ""), typing=True)
    elif kind == "timer" and event["name"] == "squawk":
        waited = (event["now"] - event["data"]["asked_at"]) // 1000
        send(type="typing", ms=1000)
        send(type="reply", text=f"SQUAWK! {waited} seconds have passed.", after_ms=1000)
    elif kind == "button":
        send(type="reply", text=f"{event['payload']} is a fine feather colour.")
        print(f"picked {event['payload']}", file=sys.stderr, flush=True)
    send(type="done")


def main():
    memory = {}
    for line in sys.stdin:
        answer(json.loads(line), memory)


if __name__ == "__main__":
    main()
