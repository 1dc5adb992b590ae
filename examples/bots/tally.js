#!/usr/bin/env node
// Tally: a Banter bot in plain JavaScript (Node's standard library only), spoken to in
// JSON Lines. It counts what you say, reacts to questions and remembers the count.
// Banter writes one event a line on stdin; the bot answers with actions, one JSON object a
// line on stdout, ending every answer with {"type":"done"} (docs/external-bots.md).
"use strict";
const readline = require("node:readline");

let count = 0;

function send(action) {
  process.stdout.write(JSON.stringify(action) + "\n");
}

function answer(event) {
  switch (event.type) {
    case "opened":
      count = event.memory.count ?? 0;
      if (event.first_time) send({ type: "reply", text: "Tally here. Every message counts.", typing: true });
      break;
    case "message": {
      const text = event.message.text;
      count += 1;
      send({ type: "remember", key: "count", value: count });
      if (text.endsWith("?")) send({ type: "react", message_id: event.message.id, emoji: "🤔" });
      if (text.toLowerCase() === "reset") {
        count = 0;
        send({ type: "remember", key: "count", value: null });
        send({ type: "reply", text: "Back to zero." });
      } else {
        send({ type: "reply", text: `That makes ${count}.`, typing_ms: 700 });
      }
      break;
    }
    default:
      break;
  }
  send({ type: "done" });
}

readline.createInterface({ input: process.stdin }).on("line", (line) => answer(JSON.parse(line)));
