-- The conversation scripts/screenshots draws: fixed times, no bot, so every picture is the
-- same from run to run. It shows a received cluster, sent bubbles with emoji (🏔️ needs the
-- right width model), an emoji-only message, a section header and the delivery status.
scenario {
  start = "2026-11-20 19:00",
  time_zone = "UTC",
  title = "screenshots",
}

them "Hey! I loved your hiking photos 🏔️"
wait "5s"
them "Where was that?"
wait "1m"
me "Thanks! That was the Dolomites, last weekend"
wait "8s"
me "You should come next time 😄"
wait "40s"
them "I'd love to. When?"
wait "2h"
me "How about Saturday at 9?"
wait "6s"
me "👍"
wait "30s"
them "Perfect, see you then! ☀️"
wait "20s"
me "See you 👋"
mark_read()
