-- ttt-maps: an engine for pandoc-ext/diagram: its ttt-map blocks drawn by ttt-maps.
--[[
The diagram filter finds the engine by its package name, in the document's metadata:

    diagram:
      engine:
        ttt-map:
          package: ttt-map-engine

    pandoc doc.md -L diagram.lua -o doc.html   (this file beside the document or on LUA_PATH)

The blocks take the same options, one a line, as with ttt-map.lua. diagram picks the
image: SVG for HTML, PDF for LaTeX; set `mime-type: image/png` under ttt-map for
docx and the like. A bad option stops the build with the file, the line and what
is wrong. The Python that draws is found as ttt-map.lua finds it.
]]

PANDOC_VERSION:must_be_at_least("3.0")

local WRITTEN_BY = nil -- the Python of `ttt-maps docs pandoc`, filled in there
local KINDS = { ["image/svg+xml"] = "svg", ["application/pdf"] = "pdf", ["image/png"] = "png" }
local count, seen = 0, {}

local function python()
  local env = os.getenv("TTT_MAPS_PYTHON")
  if env and env ~= "" then return env end
  return WRITTEN_BY or "python3"
end

-- Text for a message: a control character (an escape sequence's ESC, C0 or C1) is
-- written as its bytes' \ddd, so none reaches the terminal.
local function shown(text)
  local function code(c) return (c:gsub(".", function(b) return ("\\%03d"):format(b:byte()) end)) end
  return (tostring(text):gsub("[%z\1-\31\127]", code):gsub("\194[\128-\159]", code))
end

local function compile(self, code)
  local files = PANDOC_STATE.input_files
  local stem = ((files[1] or "doc"):match("([^/\\]+)$") or "doc"):gsub("%.[^.]*$", "")
  local args = { "-m", "ttt_maps.integrations.pandoc", "--to", FORMAT,
                 "--image", KINDS[self.mime_type] or "png",
                 "--prefix", "ttt-" .. stem:gsub("[^%w_-]+", "-") .. "-" .. count,
                 "--nth", tostring(seen[code] or 0) }
  for _, file in ipairs(files) do
    args[#args + 1] = "--source"
    args[#args + 1] = file
  end
  count, seen[code] = count + 1, (seen[code] or 0) + 1
  local ok, out = pcall(pandoc.pipe, python(), args, code)
  if not ok then
    if type(out) ~= "string" and out.error_code == 2 then os.exit(2) end
    io.stderr:write("ttt-map: could not draw with " .. shown(python())
      .. "; is ttt-maps installed there? Set TTT_MAPS_PYTHON to the Python that has it.\n")
    os.exit(1)
  end
  return out:sub(out:find("\n", 1, true) + 1), self.mime_type
end

return {
  name = "ttt-map",
  mime_types = { ["image/svg+xml"] = true, ["application/pdf"] = true, ["image/png"] = true },
  compile = compile,
}
