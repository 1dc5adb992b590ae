-- Grouping walkthrough: the same exchange twice, first under the default rules
-- (a section after more than 1 h, clusters of one sender at most 20 s apart), then a
-- day later under tweaked rules (a section after more than 10 min, clusters up to 1 min,
-- weekday headers). No bot: `them` writes the other side.

scenario { start = "2026-11-19 09:00", time_zone = "Europe/Paris", title = "grouping walkthrough" }

local function exchange(tweaked)
  me "Morning! Coffee later?"
  wait "15s"
  expect_same_cluster()            -- 15 s later, same sender: one cluster either way
  me "There's a new place on Rue Oberkampf"
  wait "40s"
  expect_cluster_break()           -- another sender: always a new cluster
  them "Yes!! What time?"
  wait "30s"
  if tweaked then
    expect_same_cluster()          -- 30 s is within 1 min
  else
    expect_cluster_break()         -- 30 s is more than 20 s
  end
  them "I'm free after 4"
  wait "20m"
  if tweaked then
    expect_section()               -- 20 min is more than 10 min: a new section
  else
    expect_cluster_break()         -- same section, new cluster
  end
  me "4:30 then"
  wait "61m"
  expect_section()                 -- more than an hour: a new section under both
  them "On my way"
end

expect_section "Today 09:00"       -- headers read as they did when the message arrived
exchange(false)

wait "1d"
grouping { section_gap = "10m", cluster_gap = "1m", header = "{weekday} {time}" }
expect_section "Friday 10:22"
exchange(true)
