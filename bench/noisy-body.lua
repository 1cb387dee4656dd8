-- One client of bench/noisy.ts sending the same request body over and over, for wrk: (c), the 0.8 MB JSON of
-- 75,000 keys, so that the client costs this machine little CPU (sent from Node's fetch it took more than one
-- of the two cores, which the server's other visitors then lacked). Configured by the environment:
-- NOISY_BODY_FILE (the body), NOISY_BODY_PATH (where it is POSTed), NOISY_ORIGIN, NOISY_CLIENT (its address,
-- behind the trusted proxy). done() prints one line, "NOISY_STATUSES {...}", the answers counted by status and
-- the requests that got none ("error").

local file = assert(io.open(os.getenv("NOISY_BODY_FILE"), "rb"))
local body = file:read("*a")
file:close()

wrk.method = "POST"
wrk.path = os.getenv("NOISY_BODY_PATH") or "/"
wrk.body = body
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Origin"] = os.getenv("NOISY_ORIGIN") or ""
wrk.headers["X-Forwarded-For"] = os.getenv("NOISY_CLIENT") or "203.0.113.40"

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local parts = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses") or {}) do
      parts[#parts + 1] = string.format('"%d":%d', status, count)
    end
  end
  local errors = summary.errors
  parts[#parts + 1] = string.format('"error":%d', errors.connect + errors.read + errors.write + errors.timeout)
  io.write(string.format("NOISY_STATUSES {%s}\n", table.concat(parts, ",")))
end
