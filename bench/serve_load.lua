-- wrk script for bench/serve_load.sh: every connection cycles through the three
-- requests (check, moves with a piece's picture, perft to depth 3), their JSON bodies
-- read from the files serve_load.sh writes into $LOAD_DIR. With CHURN=1 every check
-- carries a text of its own (a numbered comment added), so that each one compiles a
-- new game and the server's bounded cache keeps evicting.
local dir = os.getenv("LOAD_DIR")
local churn = os.getenv("CHURN") == "1"
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end

local function read(name)
  local f = assert(io.open(dir .. "/" .. name, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

local requests = {}
local n = 0
local prefix

function init(args)
  local h = { ["Content-Type"] = "application/json" }
  requests[1] = wrk.format("POST", "/api/check", h, read("check.json"))
  requests[2] = wrk.format("POST", "/api/moves", h, read("moves.json"))
  requests[3] = wrk.format("POST", "/api/perft", h, read("perft.json"))
  prefix = read("check_prefix.txt")
end

function request()
  n = n + 1
  local kind = (n % 3) + 1
  if churn and kind == 1 then
    local body = '{"rules": ' .. prefix .. "\\n# " .. tostring(tid) .. "-" .. n .. '"}'
    return wrk.format("POST", "/api/check", { ["Content-Type"] = "application/json" }, body)
  end
  return requests[kind]
end
