-- wrk script for the HTTP benchmarks: the requests to send, and their statuses counted so that
-- deliberate 503s are told apart from errors.
--   BODY=file: POST the file as JSON to wrk's path, every request;
--   LINES=file: each request takes the next line, as its path (GET), or as its JSON body when
--     METHOD is POST (the path is then wrk's); each thread starts at another place, so that
--     the requests in flight differ;
--   DELAY_MS=n: each connection waits n ms between its requests, to measure latency below the
--     peak rate.
local body, lines = os.getenv("BODY"), {}
if body then
   local f = assert(io.open(body, "rb"))
   wrk.method = "POST"
   wrk.body = f:read("*a")
   f:close()
   wrk.headers["Content-Type"] = "application/json"
end
if os.getenv("LINES") then
   for line in io.lines(os.getenv("LINES")) do
      if #line > 0 then lines[#lines + 1] = line end
   end
   assert(#lines > 0, "LINES names an empty file")
end
local post = os.getenv("METHOD") == "POST"
local next_line = 1

function setup(thread)
   thread:set("first", math.random(math.max(#lines, 1)))
end

function init(args)
   next_line = first
end

if #lines > 0 then
   function request()
      local line = lines[next_line]
      next_line = next_line % #lines + 1
      if post then
         return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, line)
      end
      return wrk.format("GET", line)
   end
end

local pause = tonumber(os.getenv("DELAY_MS") or "0")
if pause > 0 then
   function delay()
      return pause
   end
end

function done(summary, latency, requests)
   io.write(string.format("requests %d, non-2xx/3xx %d, socket errors %d\n", summary.requests,
      summary.errors.status, summary.errors.connect + summary.errors.read +
      summary.errors.write + summary.errors.timeout))
end
