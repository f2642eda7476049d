-- wrk script: POST the file named by the BODY environment variable as JSON, and count the
-- responses by status so that deliberate 503s are told apart from errors.
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"

-- DELAY_MS paces each connection (milliseconds between its requests), to measure latency
-- below the peak rate.
local pause = tonumber(os.getenv("DELAY_MS") or "0")
if pause > 0 then
   function delay()
      return pause
   end
end

local counts = {}
function response(status, headers, body)
   counts[status] = (counts[status] or 0) + 1
end

function setup(thread)
   thread:set("id", thread.id)
end

function done(summary, latency, requests)
   io.write(string.format("requests %d, non-2xx/3xx %d, socket errors %d\n", summary.requests,
      summary.errors.status, summary.errors.connect + summary.errors.read +
      summary.errors.write + summary.errors.timeout))
end
