-- The normal load of bench/noisy.ts, for wrk: visitors reading pages, catalogue JSON and card pages, and now
-- and then signing in, each request from one of many clients behind the trusted proxy (X-Forwarded-For), so
-- per-client limits see many visitors. Each connection waits a random (exponential) pause before its next
-- request: with many connections the arrivals approach a steady rate (see bench/noisy.ts).
-- Configured by the environment: NOISY_PATHS (space-separated GET paths), NOISY_ORIGIN, NOISY_LOGIN_EVERY (one
-- request in that many is a sign-in, as noisy-visitor-N@example.test, N < NOISY_LOGIN_ACCOUNTS, with
-- NOISY_LOGIN_PASSWORD), NOISY_MEAN_DELAY_MS. done() prints one line,
-- "NOISY_JSON {...}", with the latency percentiles (ms) and the answers counted by status.

local paths = {}
for path in string.gmatch(os.getenv("NOISY_PATHS") or "/", "%S+") do
  paths[#paths + 1] = path
end
local origin = os.getenv("NOISY_ORIGIN") or ""
local login_accounts = tonumber(os.getenv("NOISY_LOGIN_ACCOUNTS") or "1")
local login_password = os.getenv("NOISY_LOGIN_PASSWORD") or ""
local login_every = tonumber(os.getenv("NOISY_LOGIN_EVERY") or "100")
local mean_delay_ms = tonumber(os.getenv("NOISY_MEAN_DELAY_MS") or "100")
local CLIENTS = 4000

local threads = {}
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("thread_index", thread_count)
  threads[#threads + 1] = thread
end

function init(args)
  statuses = {}
  math.randomseed(os.time() * 1000 + thread_index)
end

local function client()
  local n = math.random(0, CLIENTS - 1)
  return "10.50." .. math.floor(n / 256) .. "." .. (n % 256)
end

function request()
  if math.random(login_every) == 1 then
    return wrk.format("POST", "/api/auth/login/", {
      ["Content-Type"] = "application/json",
      ["Origin"] = origin,
      ["X-Forwarded-For"] = client(),
    }, string.format('{"email":"noisy-visitor-%d@example.test","password":"%s"}',
      math.random(0, login_accounts - 1), login_password))
  end
  return wrk.format("GET", paths[math.random(#paths)], { ["X-Forwarded-For"] = client() })
end

function delay()
  return -math.log(1 - math.random()) * mean_delay_ms
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counted = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses") or {}) do
      counted[status] = (counted[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(counted) do
    parts[#parts + 1] = string.format('"%d":%d', status, count)
  end
  local errors = summary.errors
  io.write(string.format(
    'NOISY_JSON {"requests":%d,"duration_ms":%.1f,"p50_ms":%.3f,"p99_ms":%.3f,"p999_ms":%.3f,"max_ms":%.3f,' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d},"statuses":{%s}}\n',
    summary.requests, summary.duration / 1000, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000, errors.connect, errors.read, errors.write, errors.timeout,
    table.concat(parts, ",")))
end
