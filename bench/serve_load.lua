-- wrk script for bench/serve-load: each thread makes `quota` requests, then stops.
--   KIFU_LOAD_MODE=distinct  every request a new 19x19 position (/hen<HEN>.png, no cache hit)
--   KIFU_LOAD_MODE=same      one URL again and again (the cache)
-- done() prints one line of key=value pairs that bench/serve-load reads.

local mode = os.getenv("KIFU_LOAD_MODE") or "same"
local quota = tonumber(os.getenv("KIFU_LOAD_QUOTA") or "1000")
local seed = tonumber(os.getenv("KIFU_LOAD_SEED") or "1")
local threads = {}
local next_id = 0

function setup(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
  table.insert(threads, thread)
end

local columns = "ABCDEFGHJKLMNOPQRST"
local state, made, answered, bad = 1, 0, 0, 0

function init(args)
  state = (id * 7919 + seed * 104729) % 2147483647
  if state == 0 then state = 1 end
end

local function random()
  state = (state * 48271) % 2147483647
  return state / 2147483647
end

-- A 19x19 position, about a third of its points with a stone: every one a new image.
local function position()
  local rows = {}
  for row = 19, 1, -1 do
    local items = {}
    for c = 1, 19 do
      local r = random()
      if r < 0.17 then
        items[#items + 1] = columns:sub(c, c) .. "b"
      elseif r < 0.34 then
        items[#items + 1] = columns:sub(c, c) .. "w"
      end
    end
    if #items > 0 then rows[#rows + 1] = "_" .. row .. table.concat(items) end
  end
  return table.concat(rows)
end

local same_path = "/hen_19Kbw2_18DbKbwNwPw2b_17Cw2FbJwb2w2Pwb_16Mb3Rb_15LbQb2_14Qbw2_13Ow3b3_12Pbw3b" ..
                  "_11KbNbw2b3_10Nw2bRbw_9CwPwb2w_8Pwbwb_7NwPwbw2_6CwKbMbwPwb_5GbJwMbwbwbw" ..
                  "_4CbEbHbMbw2bRw_3FbwbwLw2b4w2_2GbwKw2Nwb2Rbw_1JwMwObQbSb.K11b.w.png"

function request()
  made = made + 1
  if mode == "distinct" then
    return wrk.format("GET", "/hen" .. position() .. ".b.png")
  end
  return wrk.format("GET", same_path)
end

function response(status, headers, body)
  answered = answered + 1
  if status ~= 200 then bad = bad + 1 end
  if answered == quota then
    -- wrk's main thread sleeps out -d whatever the threads do: a file tells bench/serve-load
    -- this thread is done, and it interrupts wrk (SIGINT), which then reports.
    local f = io.open(os.getenv("KIFU_LOAD_DONE") .. "." .. id, "w")
    if f then f:close() end
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  local bad_total = 0
  for _, t in ipairs(threads) do bad_total = bad_total + (t:get("bad") or 0) end
  io.write(string.format(
    "requests=%d seconds=%.3f rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f " ..
    "connect_errors=%d read_errors=%d write_errors=%d timeouts=%d non_200=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, e.connect, e.read, e.write, e.timeout, e.status + bad_total))
end
